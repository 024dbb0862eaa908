import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MSG } from '@bid/shared';
import { createUserWithSession } from './helpers/fixtures.ts';
import { clientHeaders, TEST_DB, useTestServer } from './helpers/test-server.ts';
import { nextIp, nextPhone, readOutbox, startAccountsServer } from './accounts-helpers.ts';

/**
 * The client checks (Basic auth of the web app, the Blade-Requested-With marker) guard every API
 * route however its path is spelled. A probe found `/%61pi/...` routed like `/api/...` with the checks
 * skipped: a plain cross-site form could make visitors' browsers send SMS codes.
 */

const s = useTestServer(() => startAccountsServer());

/** A request with the path sent exactly as written (fetch would normalise it). */
function rawRequest(
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(s.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const SEND = 'blade-system/client/send-validate-not-auth';

/** Spellings of the SMS route a browser or a client may send, canonical first. */
const VARIANTS = [
  `/api/${SEND}`,
  `/%61pi/${SEND}`,
  `/%61%70%69/${SEND}`,
  `/%41PI/${SEND}`,
  `/a%70i/${SEND}`,
  `/api/%62lade-system/client/send-validate-not-auth`,
  `/api/blade-system/client/send-validate-not-aut%68`,
  `//api/${SEND}`,
  `/api//${SEND}`,
  `/api/./${SEND}`,
  `/x/../api/${SEND}`,
  `/api/${SEND}/`,
  `/api/${SEND}?`,
  `/api%2F${SEND}`,
  `/api/${SEND}%00`,
  `/api/${SEND};x`,
  `/API/${SEND}`,
];

describe(`client checks on every spelling of a path (${TEST_DB})`, () => {
  it.each(VARIANTS)('a cross-site form posting to %s sends no code', async (path) => {
    const phone = nextPhone();
    const form = `phone=${phone}`;
    const noClient = await rawRequest(path, form, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': nextIp(),
    });
    const withBasicOnly = await rawRequest(path, JSON.stringify({ phone }), {
      'content-type': 'application/json',
      authorization: clientHeaders().authorization,
      'x-forwarded-for': nextIp(),
    });
    expect(noClient.status, noClient.body).not.toBe(200);
    expect(withBasicOnly.status, withBasicOnly.body).not.toBe(200);
    expect(readOutbox(s).filter((l) => l.phone === phone)).toEqual([]);
  });

  it('the canonical path with the client headers still sends a code', async () => {
    const phone = nextPhone();
    const r = await rawRequest(`/api/${SEND}`, JSON.stringify({ phone }), {
      'content-type': 'application/json',
      ...clientHeaders(),
      'x-forwarded-for': nextIp(),
    });
    expect(r.status, r.body).toBe(200);
    expect(readOutbox(s).filter((l) => l.phone === phone)).toHaveLength(1);
  });

  it('a signed-in route reached through an encoded path checks the client before the session', async () => {
    const user = await createUserWithSession(s);
    const r = await rawRequest('/%61pi/blade-system/client/get-userInfo', '{}', {
      'content-type': 'application/json',
      'blade-auth': `bearer ${user.token}`,
    });
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({ code: 401, msg: MSG.badClient });
    const marked = await rawRequest('/%61pi/blade-system/client/get-userInfo', '{}', {
      'content-type': 'application/json',
      authorization: clientHeaders().authorization,
      'blade-auth': `bearer ${user.token}`,
    });
    expect(marked.status).toBe(403);
    expect(JSON.parse(marked.body)).toMatchObject({ code: 403, msg: MSG.missingMarker });
  });
});
