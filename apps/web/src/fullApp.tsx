import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { setNavigator } from './lib/navigation.ts';
import { routes } from './router/routes.tsx';
import { reportCaughtError } from './router/errors.ts';
import { queryClient } from './api/queryClient.ts';
import { RouteError } from './utils/routeCheck.ts';
import type { PagePayload } from './ssr/payload.ts';
import { watchDeployments } from './ssr/deployments.tsx';
import { App } from './App.tsx';
import { ReadyMark } from './lib/readyMark.tsx';

/**
 * The screens of the current URL are lazy modules; a server-rendered page needs them loaded before
 * hydration, or the first client render would be the loading fallback instead of the server's HTML.
 */
async function loadMatchedScreens(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

function makeRouter(hydrationData?: Parameters<typeof createBrowserRouter>[1]) {
  const router = createBrowserRouter(routes, hydrationData);
  // Code outside React (the request layer after a 401, stores) routes through the same history.
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}

/** The whole app on a page the server rendered with it (or rendered nothing for). */
export async function startApp(container: HTMLElement, payload: PagePayload | null): Promise<void> {
  const serverRendered = payload !== null && container.firstElementChild !== null;
  if (serverRendered) {
    await loadMatchedScreens(routes);
    if (payload.queries) hydrate(queryClient, payload.queries);
  }
  const errors =
    serverRendered && payload.notFound
      ? { [payload.notFound.routeId]: new RouteError(404, payload.notFound.message) }
      : null;
  const router = makeRouter(serverRendered ? { hydrationData: { loaderData: {}, errors } } : undefined);
  const app = (
    <StrictMode>
      <App router={router} />
      <ReadyMark />
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(container, app, { onCaughtError: reportCaughtError });
  else createRoot(container, { onCaughtError: reportCaughtError }).render(app);
  watchDeployments();
}

/**
 * Takes over from the island (landing/island.ts): the same page, rendered by the whole app in one
 * synchronous step so no frame shows an empty page (React replaces the server's HTML in the same
 * commit), with the data the server rendered it from.
 */
export async function takeOverIsland(
  container: HTMLElement,
  payload: PagePayload,
  detachIsland: () => void,
): Promise<void> {
  await loadMatchedScreens(routes);
  if (payload.queries) hydrate(queryClient, payload.queries);
  const router = makeRouter();
  detachIsland();
  const root = createRoot(container, { onCaughtError: reportCaughtError });
  flushSync(() =>
    root.render(
      <StrictMode>
        <App router={router} />
        <ReadyMark />
      </StrictMode>,
    ),
  );
  watchDeployments();
}
