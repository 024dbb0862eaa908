import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '@bid/shared';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { nextPhone } from './helpers/fixtures.ts';
import { trustProxySchema } from '../src/config/config.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** 40 SMS code requests, each claiming a new address in front of the one the proxy appended. */
async function forgedSends(s: TestServer, realClient: string): Promise<number> {
  let refused = 0;
  for (let i = 0; i < 40; i++) {
    const forged = `198.51.${i >> 8}.${i & 255}`;
    const r = await s.api.post(
      '/blade-system/client/send-validate-not-auth',
      { phone: nextPhone() },
      { headers: { 'x-forwarded-for': `${forged}, ${realClient}` } },
    );
    if (r.status === 429 || r.body?.code === 429) refused += 1;
    else expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return refused;
}

describe(`TRUST_PROXY (${TEST_DB})`, { timeout: 60_000 }, () => {
  it('reads false, hop counts and address lists, and refuses anything else with a clear message', () => {
    expect(trustProxySchema.parse(undefined)).toBe(false);
    expect(trustProxySchema.parse('false')).toBe(false);
    expect(trustProxySchema.parse('true')).toBe(1);
    expect(trustProxySchema.parse('2')).toBe(2);
    expect(trustProxySchema.parse('10.0.0.5, 10.1.0.0/16,::1')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    const bad = trustProxySchema.safeParse('10.0.0.5,proxy.local');
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].message).toContain('TRUST_PROXY');
    expect(bad.error!.issues[0].message).toContain('proxy.local');
    expect(trustProxySchema.safeParse('10.0.0.0/33').success).toBe(false);
  });

  for (const setting of ['1', '127.0.0.1,::1']) {
    it(`with TRUST_PROXY=${setting} a forged X-Forwarded-For does not escape the per-address SMS cap`, async () => {
      const s = await startTestServer({ TRUST_PROXY: setting });
      servers.push(s);
      const refused = await forgedSends(s, `203.0.113.${setting.length}`);
      expect(refused).toBe(40 - AUTH_LIMITS.smsPerIpPerDay);
    });
  }
});
