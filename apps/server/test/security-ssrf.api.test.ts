import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

/**
 * The operators' console cannot point the AI engine, and its API key, at this machine, the private
 * network or a cloud metadata service unless the server allows it (issue 30, finding 5).
 * ai-provider-console.api.test.ts runs with AI_PROVIDER_ALLOW_PRIVATE=on against a local stand-in.
 */

let operator: TestUser;
const s = useTestServer({ SECRET_KEY: 'test-secret-key-for-sealing' });
beforeAll(async () => {
  operator = await createUserWithSession(s);
  await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
});

const save = (baseUrl: string) =>
  s.api.post(
    '/admin/ai-provider/save',
    { name: '探测', baseUrl, apiKey: 'sk-probe-0000', standardModel: 'm', premiumModel: 'm' },
    { token: operator.token },
  );

describe(`AI provider addresses (${TEST_DB})`, () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:6379',
    'http://[::1]:22',
    'http://0x7f000001:3930',
    'http://100.100.100.200/latest/meta-data/',
    'http://10.0.0.8:8000/v1',
    'http://localhost:11434/v1',
  ])('refuses %s with the setting that allows it named, and stores nothing', async (url) => {
    const r = await save(url);
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^接口地址指向/);
    expect(r.body.msg).toContain('AI_PROVIDER_ALLOW_PRIVATE=on');
    const list = await s.api.get('/admin/ai-provider/list', undefined, { token: operator.token });
    expect(list.body.data.providers).toEqual([]);
  });
});
