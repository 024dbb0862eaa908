import { useEffect } from 'react';

/**
 * Marks the page interactive (`<html data-app="ready">`) once React has committed its first render or
 * hydration. A server-rendered page shows its buttons before its JavaScript has run; browser tests
 * wait for this mark before clicking, as a person's first click before it would do nothing.
 */
export function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
