import { afterEach, describe, expect, it } from 'vitest';
import { installDevtoolsBlocker, isDevtoolsShortcut, type DevtoolsBlocker } from './devtoolsBlocker.ts';

function press(init: KeyboardEventInit): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(e);
  return e;
}
function rightClick(): MouseEvent {
  const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
  document.body.dispatchEvent(e);
  return e;
}

describe('developer-tools blocker', () => {
  let blocker: DevtoolsBlocker | null = null;
  afterEach(() => blocker?.uninstall());

  it('does nothing unless enabled (development and tests)', () => {
    blocker = installDevtoolsBlocker(false);
    expect(blocker.installed).toBe(false);
    expect(press({ key: 'F12' }).defaultPrevented).toBe(false);
    expect(rightClick().defaultPrevented).toBe(false);
  });

  it('blocks F12, Ctrl+Shift+I/J/C, Ctrl+U and the context menu when enabled (production)', () => {
    blocker = installDevtoolsBlocker(true);
    expect(blocker.installed).toBe(true);
    expect(press({ key: 'F12' }).defaultPrevented).toBe(true);
    expect(press({ key: 'I', ctrlKey: true, shiftKey: true }).defaultPrevented).toBe(true);
    expect(press({ key: 'J', ctrlKey: true, shiftKey: true }).defaultPrevented).toBe(true);
    expect(press({ key: 'C', ctrlKey: true, shiftKey: true }).defaultPrevented).toBe(true);
    expect(press({ key: 'u', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(rightClick().defaultPrevented).toBe(true);
    // Ordinary editing shortcuts keep working.
    expect(press({ key: 'c', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press({ key: 'i' }).defaultPrevented).toBe(false);
  });

  it('stops blocking after uninstall', () => {
    blocker = installDevtoolsBlocker(true);
    blocker.uninstall();
    expect(press({ key: 'F12' }).defaultPrevented).toBe(false);
    expect(rightClick().defaultPrevented).toBe(false);
  });

  it('recognises the macOS shortcuts', () => {
    expect(
      isDevtoolsShortcut({ key: 'i', metaKey: true, altKey: true, ctrlKey: false, shiftKey: false }),
    ).toBe(true);
    expect(
      isDevtoolsShortcut({ key: 'v', metaKey: true, altKey: false, ctrlKey: false, shiftKey: false }),
    ).toBe(false);
  });
});
