import { useEffect } from 'react';
import { markAppReady } from './appReady.ts';

/**
 * Marks the page interactive (`<html data-app="ready">`) once React has committed its first render or
 * hydration. A server-rendered page shows its buttons before its JavaScript has run; browser tests
 * wait for this mark, and a press held before it (lib/earlyClicks.ts) is replayed at it.
 */
export function ReadyMark() {
  useEffect(() => {
    markAppReady();
  }, []);
  return null;
}
