import { markAppReady } from '../lib/appReady.ts';
import type { PagePayload } from '../ssr/payload.ts';

/** The elements a click can be handed over by: the island and the whole app render them in the same order. */
const CLICKABLE = 'a[href], button';

function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;
}

/**
 * A signed-out visitor's landing or article page, as the server rendered it, runs no React at all
 * (issue 18: first-load JavaScript and main-thread time): its content is complete HTML and links work
 * as links. The first click on a button or an in-site link loads the whole app, which renders the same
 * page in its place and then receives that click on the same element (the login dialog opens, the link
 * navigates inside the app). Pressing, touching or focusing starts the download early.
 */
export function startIsland(container: HTMLElement, payload: PagePayload): void {
  let loading: Promise<typeof import('../fullApp.tsx')> | null = null;
  const load = () => (loading ??= import('../fullApp.tsx'));
  let takeover: Promise<void> | null = null;

  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest(CLICKABLE) : null;
    if (!target || !container.contains(target)) return;
    // Other sites, new tabs and downloads are the browser's: nothing to take over.
    if (
      target instanceof HTMLAnchorElement &&
      (target.origin !== window.location.origin ||
        target.target ||
        target.hasAttribute('download') ||
        !isPlainClick(e))
    )
      return;
    e.preventDefault();
    e.stopPropagation();
    if (takeover) return;
    const index = [...container.querySelectorAll(CLICKABLE)].indexOf(target);
    takeover = load()
      .then((full) =>
        full.takeOverIsland(container, payload, () => document.removeEventListener('click', onClick, true)),
      )
      .then(() => {
        const same = container.querySelectorAll<HTMLElement>(CLICKABLE)[index];
        same?.click();
      })
      .catch(() => {
        // The app could not load (offline, new deployment): a full page load of the same page recovers.
        window.location.reload();
      });
  };
  document.addEventListener('click', onClick, true);
  const warm = () => void load();
  container.addEventListener('pointerdown', warm, { once: true, passive: true });
  container.addEventListener('focusin', warm, { once: true });
  // Clicks are handed over from now on: a press held before this (lib/earlyClicks.ts) is replayed.
  markAppReady();
}
