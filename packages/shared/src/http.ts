/** Header names and fixed values of API.md "Transport". */
export const API_BASE = '/api';
export const AUTH_HEADER = 'Blade-Auth';
export const MARKER_HEADER = 'Blade-Requested-With';
export const MARKER_VALUE = 'BladeHttpRequest';
export const TENANT_HEADER = 'Tenant-Id';
export const DEFAULT_TENANT_ID = '000000';
export const CAPTCHA_KEY_HEADER = 'Captcha-Key';
export const CAPTCHA_CODE_HEADER = 'Captcha-Code';
/** Development defaults of the product's own auth client (overridable by configuration). */
export const DEFAULT_CLIENT_ID = 'bidwriter';
export const DEFAULT_CLIENT_SECRET = 'bidwriter_secret';
/** Auth paths under API_BASE that the web client treats specially (login, logout, session refresh). */
export const OAUTH_TOKEN_PATH = '/blade-auth/oauth/token';
export const OAUTH_LOGOUT_PATH = '/blade-auth/oauth/logout';
export const USER_INFO_PATH = '/blade-system/client/get-userInfo';

export function basicAuthValue(clientId: string, clientSecret: string): string {
  const raw = `${clientId}:${clientSecret}`;
  const b64 = typeof btoa === 'function' ? btoa(raw) : Buffer.from(raw).toString('base64');
  return `Basic ${b64}`;
}
