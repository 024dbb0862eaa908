import type { RouteObject } from 'react-router';
import { IslandPage } from './IslandPage.tsx';
import type { IslandData } from './islandData.ts';

/**
 * The island's one route: `/`. Links and NavLinks need a router; navigation itself never happens here
 * (landing/island.tsx hands every in-site click to the whole app).
 */
export function islandRoutes(onData: (data: IslandData) => void = () => {}): RouteObject[] {
  return [{ id: 'landing', path: '/', element: <IslandPage onData={onData} /> }];
}
