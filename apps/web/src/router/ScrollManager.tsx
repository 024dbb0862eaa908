import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { applyScroll } from './scroll.ts';

const RETRY_MS = 50;
const RETRY_LIMIT = 40;

/**
 * Scrolls on every page change (path or hash): to the hash target when there is one, else to the top.
 * A change of the query alone (filters, paging) keeps the position. A hash target inside a page that
 * is still loading is retried for about two seconds.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (applyScroll(hash)) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      if (applyScroll(hash) || tries >= RETRY_LIMIT) window.clearInterval(timer);
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
  return null;
}
