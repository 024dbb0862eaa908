import type { RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { IslandPage } from './IslandPage.tsx';
import { IslandArticle } from './IslandArticle.tsx';

/**
 * The island's routes, rendered on the server only: `/` and the article pages, from the page data the
 * server loaded into `data`. The browser runs no React on these pages until the first click
 * (landing/island.ts), when the whole app takes over. The server renders an island only for these
 * paths, and for articles that exist (ssr/entry-server.tsx).
 */
export function islandRoutes(data: QueryClient): RouteObject[] {
  return [
    { id: 'landing', path: '/', element: <IslandPage data={data} /> },
    { id: 'help-article', path: '/help/:file', element: <IslandArticle kind="help" data={data} /> },
    {
      id: 'question-article',
      path: '/question/:file',
      element: <IslandArticle kind="question" data={data} />,
    },
    { id: 'news-article', path: '/dynamic/:file', element: <IslandArticle kind="news" data={data} /> },
  ];
}
