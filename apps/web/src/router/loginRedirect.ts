import { LOGIN_REDIRECT_KEY } from '@bid/shared';

/**
 * The path a visitor tried to open before logging in (SPEC section 2: after login the user goes to the
 * path stored as login_redirect). With nothing stored the user goes to the workbench, /home (issue 26:
 * staying on the landing page after logging in left the user where they started). Kept per tab in
 * sessionStorage so two tabs do not steal each other's destination.
 */
export const AFTER_LOGIN_PATH = '/home';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes); the redirect is a convenience, never a requirement.
    return null;
  }
}

/** Only same-origin absolute paths: `//evil.example` or `https://...` must never become a redirect. */
export function isSafeRedirect(path: unknown): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}

export function rememberLoginRedirect(path: string): void {
  if (!isSafeRedirect(path)) return;
  try {
    storage()?.setItem(LOGIN_REDIRECT_KEY, path);
  } catch {
    /* quota or privacy mode: nothing to remember */
  }
}

/** Called by the login dialog after a successful login: the stored path (once), else /home. */
export function consumeLoginRedirect(): string {
  const s = storage();
  let value: string | null = null;
  try {
    value = s?.getItem(LOGIN_REDIRECT_KEY) ?? null;
    s?.removeItem(LOGIN_REDIRECT_KEY);
  } catch {
    value = null;
  }
  return isSafeRedirect(value) ? value : AFTER_LOGIN_PATH;
}

/**
 * After the user logs out on purpose there is nowhere to come back to: the guard, seeing the token gone,
 * remembered the page they left, and the next person to log in on this tab would land there.
 */
export function forgetLoginRedirect(): void {
  try {
    storage()?.removeItem(LOGIN_REDIRECT_KEY);
  } catch {
    /* storage off: nothing was remembered */
  }
}
