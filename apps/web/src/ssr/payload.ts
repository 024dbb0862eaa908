import type { DehydratedState } from '@tanstack/react-query';

/** Id of the `<script type="application/json">` that carries the page's data into the browser. */
export const PAYLOAD_ELEMENT_ID = '__payload';

/**
 * What the server rendered a public page from. It is sent twice: inside the HTML (a JSON data block,
 * which the CSP allows because it is never executed) and at `{path}/_payload.json`.
 */
export interface PagePayload {
  /** The deployment that rendered the page; `builds/meta/{buildId}.json` answers 404 once it is replaced. */
  buildId: string;
  /** Path and query the page was rendered for. */
  path: string;
  status: number;
  /** A missing article: the route whose error view shows, and the route check's message. */
  notFound: { routeId: string; message: string } | null;
  /** TanStack Query cache the screens read, so hydration renders the same data without a request. */
  queries: DehydratedState | null;
  /** A signed-out visitor's landing or article page, rendered as the island (landing/island.ts): no React until the first click. */
  island?: boolean;
}

/** JSON inside an HTML element: `<`, `>` and `&` escaped so the text cannot end the element. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function readPayload(doc: Document = document): PagePayload | null {
  const text = doc.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PagePayload;
  } catch {
    return null;
  }
}
