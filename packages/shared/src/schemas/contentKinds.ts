/* Content kinds and their public paths without zod: the light island's article pages link by them and must not carry zod. */
export const CONTENT_KINDS = ['help', 'question', 'news'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Where a content item lives on the public site: `/help/{code}.html`, `/question/{code}.html`, `/dynamic/{code}.html`. */
export function contentHref(kind: ContentKind, code: string): string {
  return `/${kind === 'news' ? 'dynamic' : kind}/${code}.html`;
}
