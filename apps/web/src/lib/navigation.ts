/**
 * Navigation for code outside React (the request layer after a 401, stores, helpers). The router
 * registers React Router's `navigate` on start; before that, or in tests, a full page load does it.
 */
export type NavigateOptions = { replace?: boolean };
export type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

/** Called by the router with React Router's navigate; pass null on unmount. */
export function setNavigator(fn: Navigator | null): void {
  navigator = fn;
}

export function navigate(to: string, options?: NavigateOptions): void {
  if (navigator) {
    navigator(to, options);
    return;
  }
  if (typeof window === 'undefined') return;
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Path, query and hash of the current page, e.g. `/home/book?id=1#c3`. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname || '/'}${search}${hash}`;
}

/** A full page load of `to` in place of the current entry: drops everything the app holds in memory. */
export function reloadTo(to: string): void {
  if (typeof window !== 'undefined') window.location.replace(to);
}
