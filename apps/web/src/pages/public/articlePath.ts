import type { ContentKind } from '@bid/shared';

/** `/dynamic/12.html` has the route param `12.html`: the code, or null when the `.html` form is wrong. */
export function htmlParam(param: string | undefined): string | null {
  const m = /^(.+)\.html$/.exec(param ?? '');
  return m ? m[1] : null;
}

const ARTICLE_ROUTE = /^\/(help|question|dynamic)\/([^/]+)$/;
const KIND_OF_SEGMENT: Record<string, ContentKind> = { help: 'help', question: 'question', dynamic: 'news' };

/** `/help/x.html` → the help kind and its `:file` segment (still URL-encoded); null on other paths. */
export function articleRoute(pathname: string): { kind: ContentKind; file: string } | null {
  const m = ARTICLE_ROUTE.exec(pathname);
  return m ? { kind: KIND_OF_SEGMENT[m[1]], file: m[2] } : null;
}
