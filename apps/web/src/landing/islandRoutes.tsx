import type { RouteObject } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import { IslandPage } from './IslandPage.tsx';
import { IslandArticle } from './IslandArticle.tsx';
import type { IslandData } from './islandData.ts';

export interface IslandRouteInput {
  /** The page's data as the server rendered it (the payload's dehydrated query cache). */
  queries: DehydratedState | null;
  /** Collects what the island fetches itself, for the whole app's takeover. */
  report?: (data: Partial<IslandData>) => void;
}

/**
 * The island's routes: `/` and the article pages. Links and NavLinks need a router; navigation itself
 * never happens here (landing/island.tsx hands every in-site click to the whole app). The server
 * renders an island only for these paths (ssr/entry-server.tsx), and for articles that exist.
 */
export function islandRoutes({ queries, report = () => {} }: IslandRouteInput): RouteObject[] {
  return [
    { id: 'landing', path: '/', element: <IslandPage report={report} /> },
    { id: 'help-article', path: '/help/:file', element: <IslandArticle kind="help" queries={queries} report={report} /> },
    { id: 'question-article', path: '/question/:file', element: <IslandArticle kind="question" queries={queries} report={report} /> },
    { id: 'news-article', path: '/dynamic/:file', element: <IslandArticle kind="news" queries={queries} report={report} /> },
  ];
}
