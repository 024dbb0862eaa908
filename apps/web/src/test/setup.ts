import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { bindFeedback } from '../utils/feedback.ts';

// waitFor / findBy give up after 1 s by default: on a busy 2-core machine a fake request and a
// render can take longer (a diagram-insert test failed so in CI). Tests wait for what they expect,
// not for the machine; the web project's 60 s test timeout still ends a test that never gets there.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs that antd uses.
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = (() => {}) as typeof window.scrollTo;
}

// A request still in flight when a test ends may fail later and open a notification through
// antd's static API, which renders into a root of its own that cleanup() does not know about;
// on a busy machine that render can land after the file's jsdom is gone ("window is not defined").
// Between tests, feedback goes nowhere.
let silenced: (() => void) | undefined;
beforeEach(() => {
  silenced?.();
  silenced = undefined;
});
afterEach(() => {
  cleanup();
  silenced = bindFeedback({
    message: { open: () => undefined },
    notification: { open: () => undefined },
    modal: { confirm: () => ({ destroy: () => undefined }) },
  });
});
