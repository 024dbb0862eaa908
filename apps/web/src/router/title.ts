import { useEffect } from 'react';

export const APP_NAME = '标书 AI';
export const HOME_TITLE = `${APP_NAME} · 智能投标文件写作`;

/** `我的标书` -> `我的标书 - 标书 AI`; no title -> the product's own title. */
export function formatTitle(title?: string | null): string {
  return title ? `${title} - ${APP_NAME}` : HOME_TITLE;
}

/** For screens whose title depends on data (an article, a bid): runs after the route-table title. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = formatTitle(title);
  }, [title]);
}

/** What a route puts in `handle` (see routes.tsx). */
export interface RouteHandle {
  title?: string;
}
