import {
  basicAuthValue,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  MARKER_HEADER,
  MARKER_VALUE,
  TENANT_HEADER,
} from '@bid/shared/http';

/** Client id and secret of the product's own auth client (SPEC section 3), overridable at build time. */
export function clientCredentials(): { clientId: string; clientSecret: string } {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  return {
    clientId: env.VITE_AUTH_CLIENT_ID || DEFAULT_CLIENT_ID,
    clientSecret: env.VITE_AUTH_CLIENT_SECRET || DEFAULT_CLIENT_SECRET,
  };
}

/**
 * The headers of API.md "Transport" that every request carries. No Blade-Auth: the web app never
 * holds the token; the browser sends the HttpOnly `Admin-Token` cookie with every same-origin call,
 * and the Basic credentials and marker header (which a cross-site page cannot send) keep a cookie
 * alone from being enough.
 */
export function standardHeaders(tenantId?: string): Record<string, string> {
  const { clientId, clientSecret } = clientCredentials();
  const headers: Record<string, string> = {
    Authorization: basicAuthValue(clientId, clientSecret),
    [MARKER_HEADER]: MARKER_VALUE,
  };
  if (tenantId) headers[TENANT_HEADER] = tenantId;
  return headers;
}
