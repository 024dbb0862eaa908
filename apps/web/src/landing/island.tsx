import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { islandRoutes } from './islandRoutes.tsx';
import type { IslandData } from './islandData.ts';
import type { PagePayload } from '../ssr/payload.ts';
import { ReadyMark } from '../lib/readyMark.tsx';

/** The elements a click can be handed over by: the island and the whole app render them in the same order. */
const CLICKABLE = 'a[href], button';

function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;
}

/**
 * Hydrates a signed-out visitor's landing or article page without the whole app (issue 18: first-load
 * JavaScript). The first click on a button or an in-site link loads the whole app, which renders the
 * same page in place of the island and then receives that click on the same element (the login dialog
 * opens, the link navigates inside the app). Pressing or hovering starts the download early.
 */
export function hydrateIsland(container: HTMLElement, payload: PagePayload): void {
  const data: IslandData = { packages: null, clientConfig: null, queries: payload.queries };
  const report = (d: Partial<IslandData>) => Object.assign(data, d);
  const router = createBrowserRouter(islandRoutes({ queries: payload.queries, report }), { hydrationData: { loaderData: {} } });
  const root = hydrateRoot(
    container,
    <StrictMode>
      <RouterProvider router={router} />
      <ReadyMark />
    </StrictMode>,
  );

  let loading: Promise<typeof import('../fullApp.tsx')> | null = null;
  const load = () => (loading ??= import('../fullApp.tsx'));
  let takeover: Promise<void> | null = null;

  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest(CLICKABLE) : null;
    if (!target || !container.contains(target)) return;
    // Other sites, new tabs and downloads are the browser's: nothing to take over.
    if (target instanceof HTMLAnchorElement && (target.origin !== window.location.origin || target.target || !isPlainClick(e))) return;
    e.preventDefault();
    e.stopPropagation();
    if (takeover) return;
    const index = [...container.querySelectorAll(CLICKABLE)].indexOf(target);
    takeover = load()
      .then((full) =>
        full.takeOverIsland(container, data, () => {
          document.removeEventListener('click', onClick, true);
          router.dispose();
          root.unmount();
        }),
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
}
