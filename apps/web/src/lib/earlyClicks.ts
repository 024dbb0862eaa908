import { onAppReady } from './appReady.ts';

/**
 * A person can press a button of a server-rendered page before React has hydrated it, and the press
 * would do nothing (or submit a form the old way). The first such press is held and replayed on the
 * same element once the page is interactive: hydration keeps the server's nodes. Links are left to
 * the browser, which follows them itself.
 */
export function holdEarlyClicks(container: HTMLElement): void {
  let held: HTMLElement | null = null;
  const onClick = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || !container.contains(button)) return;
    e.preventDefault();
    e.stopPropagation();
    held ??= button;
  };
  document.addEventListener('click', onClick, true);
  onAppReady(() => {
    document.removeEventListener('click', onClick, true);
    if (held?.isConnected) held.click();
  });
}
