import { useCallback, useRef, useState } from 'react';
import { MSG } from '@bid/shared';
import { isApiError } from '../api/errors.ts';
import { toastError } from './feedback.ts';

export interface BusyAction<K extends string> {
  /** The key of the action under way, or null. */
  busy: K | null;
  /**
   * Runs `action` marked as `key` (for its button's spinner). A failure of a call has already been shown
   * by the request layer; anything else gets a general message, so that no click ends in silence.
   * Resolves true when the action completed. A second action while one runs is ignored (false).
   */
  run(key: K, action: () => Promise<unknown>): Promise<boolean>;
}

/** One action at a time for a part of a screen, with the busy state its buttons show. */
export function useBusyAction<K extends string = string>(): BusyAction<K> {
  const [busy, setBusy] = useState<K | null>(null);
  // State updates land after a render; a double click arrives before it.
  const running = useRef(false);
  const run = useCallback(async (key: K, action: () => Promise<unknown>) => {
    if (running.current) return false;
    running.current = true;
    setBusy(key);
    try {
      await action();
      return true;
    } catch (err) {
      if (!isApiError(err)) {
        console.error(err);
        toastError(MSG.actionFailed);
      }
      return false;
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);
  return { busy, run };
}
