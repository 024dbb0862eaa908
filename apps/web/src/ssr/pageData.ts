import type { QueryClient } from '@tanstack/react-query';
import {
  CONTENT_KINDS,
  contentHref,
  type ClientConfig,
  type ContentDetail,
  type ContentKind,
  type ContentListItem,
  type ContentSearchHit,
  type PackageItem,
} from '@bid/shared';
import { CLIENT_CONFIG_KEY } from '../components/clientConfig.ts';
import { commerceKeys } from '../features/commerce/api.ts';
import { contentKeys } from '../features/content/keys.ts';
import { articleRoute, htmlParam } from '../pages/public/articlePath.ts';
import type { HeadArticle } from './head.ts';

/**
 * The server's services, called in-process (ContentReader, the packages on sale and the client
 * configuration in apps/server): the same answers the browser gets from the content calls, indexShow
 * and getClientConfig. `get` throws an error with code (or statusCode) 404 for a missing item.
 */
export interface SiteSource {
  list(kind: ContentKind): Promise<ContentListItem[]>;
  get(kind: ContentKind, code: string): Promise<ContentDetail>;
  search(query: string): Promise<ContentSearchHit[]>;
  packages(): Promise<PackageItem[]>;
  clientConfig(): Promise<ClientConfig>;
}

/** What the server needs to know about a public page before rendering it. */
export interface PublicPageData {
  /** The item of an article route; null on other pages. */
  article: HeadArticle | null;
  /** An article route whose item does not exist: rendered as the 404 page with status 404. */
  missing: boolean;
}

/** Which content lists each public page shows (the screens' own useQuery calls). */
function listsShownOn(pathname: string): ContentKind[] {
  if (pathname === '/more/question.html') return ['question'];
  if (pathname === '/more/more-dynamic.html') return ['news'];
  if (pathname === '/more/website-map.html') return [...CONTENT_KINDS];
  return [];
}

/** The server's errors carry the business code (AppError.code) or an HTTP status. */
function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; statusCode?: unknown };
  return e.code === 404 || e.statusCode === 404;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Loads what the page at `url` shows into the query cache, under the keys its screens read, and tells
 * whether an article route's item exists.
 */
export async function loadPublicPageData(
  url: URL,
  content: SiteSource,
  client: QueryClient,
): Promise<PublicPageData> {
  const fill = async <T>(key: readonly unknown[], load: () => Promise<T>) =>
    client.setQueryData(key, await load());
  // Every public page's footer shows the contact channels; the landing page shows the prices. Rendered
  // in, they do not appear a moment after the page (no layout shift) and need no request.
  await Promise.all([
    fill(CLIENT_CONFIG_KEY, () => content.clientConfig()),
    url.pathname === '/' ? fill(commerceKeys.packages, () => content.packages()) : null,
  ]);
  const route = articleRoute(url.pathname);
  if (!route) {
    await Promise.all(
      listsShownOn(url.pathname).map((kind) => fill(contentKeys.list(kind), () => content.list(kind))),
    );
    const q = url.searchParams.get('q')?.trim() ?? '';
    if (url.pathname === '/search.html' && q) await fill(contentKeys.search(q), () => content.search(q));
    return { article: null, missing: false };
  }
  const { kind } = route;
  const code = htmlParam(safeDecode(route.file));
  if (code === null) return { article: null, missing: true };
  let detail: ContentDetail;
  try {
    detail = await content.get(kind, code);
  } catch (error) {
    if (isNotFound(error)) return { article: null, missing: true };
    throw error;
  }
  client.setQueryData(contentKeys.detail(kind, code), detail);
  // Article pages list their siblings beside the text.
  await fill(contentKeys.list(kind), () => content.list(kind));
  const text = plainText(detail.html);
  return {
    article: { kind, title: detail.title, summary: detail.summary, text, updatedAt: detail.updatedAt },
    missing: false,
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Every published article's path, for sitemap.xml. */
export async function articlePaths(content: SiteSource): Promise<string[]> {
  const lists = await Promise.all(
    CONTENT_KINDS.map(async (kind) => (await content.list(kind)).map((a) => contentHref(kind, a.code))),
  );
  return lists.flat();
}
