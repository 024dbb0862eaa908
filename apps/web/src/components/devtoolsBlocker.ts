/**
 * SPEC section 9: developer tools are blocked only in production. The flag is a parameter (main.tsx
 * passes `import.meta.env.PROD`) so that dev servers and tests never install it.
 *
 * This is a deterrent for casual copying, not security: nothing secret may depend on it.
 */
export function isDevtoolsShortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  const key = e.key?.toLowerCase() ?? '';
  if (key === 'f12') return true;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.shiftKey && ['i', 'j', 'c'].includes(key)) return true;
  // macOS: Cmd+Option+I/J/C open the same panels.
  if (e.metaKey && e.altKey && ['i', 'j', 'c'].includes(key)) return true;
  if (mod && !e.shiftKey && key === 'u') return true;
  return false;
}

export interface DevtoolsBlocker {
  installed: boolean;
  uninstall(): void;
}

export function installDevtoolsBlocker(enabled: boolean, target: Window = window): DevtoolsBlocker {
  if (!enabled) return { installed: false, uninstall: () => {} };
  const onKeyDown = (e: KeyboardEvent) => {
    if (isDevtoolsShortcut(e)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const onContextMenu = (e: Event) => e.preventDefault();
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('contextmenu', onContextMenu, true);
  return {
    installed: true,
    uninstall() {
      target.removeEventListener('keydown', onKeyDown, true);
      target.removeEventListener('contextmenu', onContextMenu, true);
    },
  };
}
