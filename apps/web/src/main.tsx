import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { setNavigator } from './lib/navigation.ts';
import { routes } from './router/routes.tsx';
import { installDevtoolsBlocker } from './components/devtoolsBlocker.ts';
import { reportCaughtError } from './router/errors.ts';
import { queryClient } from './api/queryClient.ts';
import { RouteError } from './utils/routeCheck.ts';
import { readPayload } from './ssr/payload.ts';
import { watchDeployments } from './ssr/deployments.tsx';
import { App } from './App.tsx';
import './styles/global.css';
import './styles/shell.css';
import './styles/landing.css';

installDevtoolsBlocker(import.meta.env.PROD);

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

async function start() {
  const container = document.getElementById('root')!;
  const payload = readPayload();
  const serverRendered = payload !== null && container.firstElementChild !== null;
  if (serverRendered) {
    await loadMatchedScreens(routes);
    if (payload.queries) hydrate(queryClient, payload.queries);
  }
  const errors = serverRendered && payload.notFound ? { [payload.notFound.routeId]: new RouteError(404, payload.notFound.message) } : null;
  const router = createBrowserRouter(routes, serverRendered ? { hydrationData: { loaderData: {}, errors } } : undefined);
  // Code outside React (the request layer after a 401, stores) routes through the same history.
  setNavigator((to, options) => void router.navigate(to, options));
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(container, app, { onCaughtError: reportCaughtError });
  else createRoot(container, { onCaughtError: reportCaughtError }).render(app);
  watchDeployments();
}

void start();
