/**
 * Minimal cookie access for the readable session marker (`Admin-Session`). The token's own cookie
 * (`Admin-Token`, SPEC section 6) is HttpOnly: set and cleared by the server only.
 */

export type CookieOptions = { maxAgeSeconds?: number; path?: string };

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (!item.startsWith(prefix)) continue;
    const raw = item.slice(prefix.length);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `path=${options.path ?? '/'}`,
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  // The token must never travel over plain HTTP once the site is served over HTTPS.
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path'> = {}): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=; path=${options.path ?? '/'}; max-age=0; SameSite=Lax`;
}
