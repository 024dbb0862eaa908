/**
 * SPEC section 2: a page change scrolls to the top, or to the element the hash names when there is one.
 * Returns false when the hash target is not in the document yet (a lazy page still loading), so the
 * caller can try again.
 */
export function applyScroll(hash: string, doc: Document = document, win: Window = window): boolean {
  const id = hashTarget(hash);
  if (id === null) {
    win.scrollTo({ top: 0, left: 0 });
    return true;
  }
  const el = doc.getElementById(id) ?? doc.getElementsByName(id)[0] ?? null;
  if (!el) return false;
  el.scrollIntoView({ block: 'start' });
  return true;
}

/** `#a%20b` -> `a b`; an empty hash or `#` -> null. */
export function hashTarget(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
