/**
 * Server rendering of the public site (bundled by `vite build --ssr` into dist/ssr; the server imports
 * it in-process). The tree is the browser's: AppProviders around the same route table, so the HTML
 * hydrates without a mismatch; antd's CSS-in-JS is collected into <style> tags (inline styles are
 * allowed by the CSP, inline scripts are not — the data travels as a JSON block).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { MORE_PAGES, pageNotFoundMessage } from '@bid/shared';
import { AppProviders } from '../App.tsx';
import { createQueryClient } from '../api/queryClient.ts';
import { routes } from '../router/routes.tsx';
import { RouteError } from '../utils/routeCheck.ts';
import { useSession } from '../stores/session.ts';
import { isWindowsWechat } from '../components/wechat.ts';
import { islandRoutes } from '../landing/islandRoutes.tsx';
import { articleRoute } from '../pages/public/articlePath.ts';
import { headTags, pageHead, type HeadArticle } from './head.ts';
import { articlePaths, loadPublicPageData, type SiteSource } from './pageData.ts';
import type { PagePayload } from './payload.ts';

export { jsonForHtml, PAYLOAD_ELEMENT_ID } from './payload.ts';
export { BUILD_META_NAME } from './deployments.tsx';
export type { PagePayload } from './payload.ts';
export type { SiteSource } from './pageData.ts';

export interface RenderInput {
  /** Path and query of the request. */
  url: string;
  /** `https://example.com`: canonical and Open Graph URLs are absolute. */
  origin: string;
  buildId: string;
  userAgent: string;
  /** The visitor's session marker cookie (Admin-Session): the header shows the workbench entry instead of login, as in the browser. */
  token: string | null;
  content: SiteSource;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; html: string; styles: string; payload: PagePayload };

/** The nearest matched route with an error view (the pathless route inside the site layout). */
function errorRouteId(context: StaticHandlerContext): string | null {
  for (let i = context.matches.length - 1; i >= 0; i -= 1) {
    const route = context.matches[i].route;
    if (route.errorElement || route.ErrorBoundary) return route.id;
  }
  return null;
}

/**
 * A signed-out visitor's landing page and existing articles are the island (issue 18, first-load
 * JavaScript): complete HTML without antd, which the browser leaves to itself until the first click
 * (landing/island.ts). Signed in, the header needs the whole app; Windows WeChat gets the whole app's
 * browser hint.
 */
function visitorGetsIsland(input: RenderInput): boolean {
  return !input.token && !isWindowsWechat(input.userAgent);
}

async function renderIsland(
  url: URL,
  input: RenderInput,
  queryClient: QueryClient,
  article: HeadArticle | null,
): Promise<RenderResult> {
  const handler = createStaticHandler(islandRoutes(queryClient));
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) throw new Error('the island has no redirects');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const head = pageHead(
    { pathname: url.pathname, search: url.search, origin: input.origin, status: 200 },
    article,
  );
  // The whole app starts from the same cache when it takes over.
  const payload: PagePayload = {
    buildId: input.buildId,
    path: `${url.pathname}${url.search}`,
    status: 200,
    notFound: null,
    queries: dehydrate(queryClient),
    island: true,
  };
  return { kind: 'page', status: 200, head: headTags(head, input.origin), html, styles: '', payload };
}

export async function render(input: RenderInput): Promise<RenderResult> {
  const url = new URL(input.url, input.origin);
  const queryClient = createQueryClient();
  const data = await loadPublicPageData(url, input.content, queryClient);
  // A missing article is the whole app's 404 page.
  if (visitorGetsIsland(input) && !data.missing && (url.pathname === '/' || articleRoute(url.pathname))) {
    return renderIsland(url, input, queryClient, data.article);
  }
  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(url.href));
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('location') ?? '/' };
  }
  let context: StaticHandlerContext = result;
  let notFound: PagePayload['notFound'] = null;
  if (data.missing) {
    const routeId = errorRouteId(context);
    const message = pageNotFoundMessage(`${url.pathname}${url.search}`);
    if (routeId) {
      notFound = { routeId, message };
      context = { ...context, statusCode: 404, errors: { [routeId]: new RouteError(404, message) } };
    }
  }
  // The catch-all route is the not-found page: a real 404 too.
  const catchAll = context.matches.at(-1)?.route.path === '*';
  const status = data.missing || catchAll ? 404 : context.statusCode;

  const cache = createCache();
  const router = createStaticRouter(handler.dataRoutes, context);
  // Zustand renders from the store's *initial* state on the server and during hydration (React's
  // server snapshot); the browser's initial state holds the session marker cookie, so the server's must hold
  // this visitor's. renderToString is synchronous: no other request renders in between.
  const initial = useSession.getInitialState();
  initial.token = input.token;
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <StyleProvider cache={cache}>
          <AppProviders queryClient={queryClient} userAgent={input.userAgent}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StyleProvider>
      </StrictMode>,
    );
  } finally {
    initial.token = null;
  }
  const head = pageHead(
    { pathname: url.pathname, search: url.search, origin: input.origin, status },
    data.article,
  );
  const payload: PagePayload = {
    buildId: input.buildId,
    path: `${url.pathname}${url.search}`,
    status,
    notFound,
    queries: queryClient.getQueryCache().getAll().length ? dehydrate(queryClient) : null,
  };
  return {
    kind: 'page',
    status,
    head: headTags(head, input.origin),
    html,
    styles: extractStyle(cache),
    payload,
  };
}

/** The public pages of SPEC section 2 that have fixed paths (sitemap.xml lists them with the articles). */
const STATIC_PUBLIC_PATHS = [
  '/',
  '/demo',
  '/sse',
  '/pop',
  '/search.html',
  ...MORE_PAGES.map((p) => `/more/${p}`),
];

export async function sitemapPaths(content: SiteSource): Promise<string[]> {
  return [...STATIC_PUBLIC_PATHS, ...(await articlePaths(content))];
}
