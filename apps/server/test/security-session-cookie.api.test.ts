import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, MARKER_HEADER, MARKER_VALUE, SESSION_COOKIE, TOKEN_COOKIE } from '@bid/shared';
import { clientHeaders, TEST_DB, type TestServer } from './helpers/test-server.ts';
import {
  lastCode,
  nextIp,
  nextPhone,
  sendLoginCode,
  startAccountsServer,
  tokenCall,
} from './accounts-helpers.ts';

/**
 * Issue 30, finding 7: the session cookie is set by the server on login, HttpOnly, SameSite=Lax,
 * Secure over HTTPS; a readable marker beside it tells the web app it is signed in; logout clears
 * both; the token still works from Blade-Auth for API clients; a cookie alone never passes the client
 * checks (the CSRF defence) on any state-changing call.
 */
let s: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: X-Forwarded-Proto says whether the visitor came over HTTPS.
  s = await startAccountsServer();
});
afterAll(async () => {
  await s?.close();
});

interface SetCookie {
  name: string;
  value: string;
  attrs: Map<string, string>;
}

function setCookies(headers: Headers): Map<string, SetCookie> {
  const out = new Map<string, SetCookie>();
  for (const line of headers.getSetCookie()) {
    const [pair, ...rest] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const attrs = new Map<string, string>();
    for (const a of rest) {
      const i = a.indexOf('=');
      attrs.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? '' : a.slice(i + 1));
    }
    out.set(pair.slice(0, eq), { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs });
  }
  return out;
}

async function smsLogin(headers: Record<string, string> = {}) {
  const phone = nextPhone();
  expect((await sendLoginCode(s, phone)).status).toBe(200);
  const r = await tokenCall(
    s,
    { grant_type: 'sms_code', username: phone, code: lastCode(s, phone) },
    headers,
    nextIp(),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { token: r.body.access_token as string, cookies: setCookies(r.headers) };
}

/** A call with exactly these headers (no client headers added). */
function bare(method: string, path: string, headers: Record<string, string>, body?: string) {
  return fetch(`${s.baseUrl}/api${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe(`session cookie (${TEST_DB})`, () => {
  it('login sets Admin-Token HttpOnly, SameSite=Lax, path /, for the session’s lifetime; the marker is readable and not the token', async () => {
    const { token, cookies } = await smsLogin();
    const t = cookies.get(TOKEN_COOKIE)!;
    expect(t.value).toBe(token);
    expect(t.attrs.has('httponly')).toBe(true);
    expect(t.attrs.get('samesite')?.toLowerCase()).toBe('lax');
    expect(t.attrs.get('path')).toBe('/');
    expect(Number(t.attrs.get('max-age'))).toBe(7 * 24 * 3600);
    // Plain HTTP (a development server): not Secure, or the browser would drop it.
    expect(t.attrs.has('secure')).toBe(false);

    const m = cookies.get(SESSION_COOKIE)!;
    expect(m.attrs.has('httponly')).toBe(false);
    expect(m.value).toMatch(/^[\w-]{8,}$/);
    expect(m.value).not.toBe(token);
    expect(token).not.toContain(m.value);
  });

  it('behind a TLS proxy (X-Forwarded-Proto: https, TRUST_PROXY set) both cookies are Secure', async () => {
    const { cookies } = await smsLogin({ 'x-forwarded-proto': 'https' });
    expect(cookies.get(TOKEN_COOKIE)!.attrs.has('secure')).toBe(true);
    expect(cookies.get(SESSION_COOKIE)!.attrs.has('secure')).toBe(true);
  });

  it('a failed login sets no cookie', async () => {
    const r = await tokenCall(s, { grant_type: 'sms_code', username: nextPhone(), code: '000000' });
    expect(r.status).toBe(400);
    expect(r.headers.getSetCookie()).toEqual([]);
  });

  it('the cookie authenticates with the client headers; Blade-Auth works without it (API clients)', async () => {
    const { token } = await smsLogin();
    const cookie = `${TOKEN_COOKIE}=${token}`;
    const viaCookie = await bare(
      'POST',
      '/blade-system/client/get-userInfo',
      { ...clientHeaders(), cookie },
      '{}',
    );
    expect(viaCookie.status).toBe(200);
    const viaHeader = await s.api.post('/blade-system/client/get-userInfo', {}, { token });
    expect(viaHeader.status).toBe(200);
  });

  it('logout revokes the session and clears both cookies; the old cookie is then refused and cleared again', async () => {
    const { token } = await smsLogin();
    const cookie = `${TOKEN_COOKIE}=${token}; ${SESSION_COOKIE}=m`;
    const out = await bare('GET', '/blade-auth/oauth/logout', { ...clientHeaders(), cookie });
    expect(out.status).toBe(200);
    const cleared = setCookies(out.headers);
    for (const name of [TOKEN_COOKIE, SESSION_COOKIE]) {
      const c = cleared.get(name)!;
      expect(c.value).toBe('');
      expect(c.attrs.get('path')).toBe('/');
      expect(c.attrs.get('max-age') === '0' || Date.parse(c.attrs.get('expires') ?? '') < Date.now()).toBe(
        true,
      );
    }
    expect(cleared.get(TOKEN_COOKIE)!.attrs.has('httponly')).toBe(true);

    const stale = await bare(
      'POST',
      '/blade-system/client/get-userInfo',
      { ...clientHeaders(), cookie },
      '{}',
    );
    expect(stale.status).toBe(401);
    expect([...setCookies(stale.headers).keys()].sort()).toEqual([SESSION_COOKIE, TOKEN_COOKIE].sort());
    expect(setCookies(stale.headers).get(TOKEN_COOKIE)!.value).toBe('');
  });

  it('a refused Blade-Auth token clears no cookie (it is not the browser’s session)', async () => {
    const r = await s.api.post('/blade-system/client/get-userInfo', {}, { token: 'not-a-token' });
    expect(r.status).toBe(401);
    expect(r.headers.getSetCookie()).toEqual([]);
  });

  it('CSRF: with a live cookie, every state-changing call of the route table is refused without the marker or the Basic credentials', async () => {
    const { token } = await smsLogin();
    const cookie = `${TOKEN_COOKIE}=${token}`;
    const { authorization } = clientHeaders();
    const rows = Object.values(endpoints).filter((e) => e.method !== 'GET');
    expect(rows.length).toBeGreaterThan(100);
    const leaks: string[] = [];
    for (const e of rows) {
      const path = e.path.replace(/:(\w+)/g, 'x');
      const noMarker = await bare(e.method, path, { authorization, cookie }, '{}');
      const noBasic = await bare(e.method, path, { [MARKER_HEADER]: MARKER_VALUE, cookie }, '{}');
      if (noMarker.status !== 403 || noBasic.status !== 401)
        leaks.push(`${e.method} ${e.path}: ${noMarker.status}/${noBasic.status}`);
    }
    expect(leaks).toEqual([]);
    // The session is untouched by all that.
    expect((await s.api.post('/blade-system/client/get-userInfo', {}, { token })).status).toBe(200);
  });
});
