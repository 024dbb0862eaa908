import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { newBid, newWriter } from './catalog-helpers.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai/server.ts';
import { scriptBidWriter } from './fake-openai/helpers.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

const KEY = 'sk-console-secret-9f3e7c1a';
const NEW_KEY = 'sk-rotated-key-55aa77bb';

/**
 * AI providers set in the console: the key is sealed in the database, never in an answer, and the
 * active provider drives chapter writing at once (the server itself is offline: no AI_* settings).
 */
describe(`AI providers in the console (${TEST_DB})`, () => {
  let s: TestServer;
  let fake: FakeOpenAi;
  let operator: TestUser;
  const answers: string[] = [];
  const admin = async (url: string, body?: unknown) => {
    const r =
      body === undefined
        ? await s.api.get(url, undefined, { token: operator.token })
        : await s.api.post(url, body, { token: operator.token });
    answers.push(JSON.stringify(r.body));
    return r;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi({ charsPerToken: 4 });
    scriptBidWriter(fake);
    // The stand-in listens on this machine: a self-hosted model, as AI_PROVIDER_ALLOW_PRIVATE allows.
    s = await startTestServer({ SECRET_KEY: 'test-secret-key-for-sealing', AI_PROVIDER_ALLOW_PRIVATE: 'on' });
    operator = await createUserWithSession(s);
    await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  async function writeOneChapter(): Promise<{ wordCount: number }> {
    const c = await newWriter(s);
    const bidId = await newBid(c);
    const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
      bidId,
      catalogs: [{ title: '技术方案', children: [{ title: '总体设计' }] }],
    });
    return c.data('/ai/client/aiGetBidContent', { catalogId: tree[0].children[0].id });
  }

  it('stores the key sealed, shows only its last 4, and switches chapter writing to it without a restart', async () => {
    expect((await admin('/admin/ai-provider/list')).body.data).toEqual({ providers: [], inUse: 'offline' });
    const saved = await admin('/admin/ai-provider/save', {
      name: '测试服务商',
      baseUrl: `${fake.url}/`,
      apiKey: KEY,
      standardModel: 'console-standard',
      premiumModel: 'console-premium',
      concurrency: 2,
    });
    expect(saved.body.data).toMatchObject({
      name: '测试服务商',
      baseUrl: fake.url,
      keyHint: '****7c1a',
      active: false,
    });
    const id = saved.body.data.id;

    // Saved but not active: chapters still come from the offline engine.
    let before = fake.requests.length;
    await writeOneChapter();
    expect(fake.requests.length).toBe(before);

    const activated = await admin('/admin/ai-provider/activate', { id });
    expect(activated.body.data.inUse).toBe('console');
    expect((await s.api.get('/health')).body.data.ai).toBe('openai');
    before = fake.requests.length;
    const chapter = await writeOneChapter();
    expect(chapter.wordCount).toBeGreaterThan(50);
    const mine = fake.requests.slice(before);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.model === 'console-standard' && r.authorization === `Bearer ${KEY}`)).toBe(
      true,
    );
    // Charts and images (the elements) take the same client.
    expect(s.built.ctx.services.aiSetup.chatProvider()?.modelOf('premium')).toBe('console-premium');

    // A new key replaces the old one; an edit without a key keeps it.
    await admin('/admin/ai-provider/save', {
      id,
      name: '测试服务商',
      baseUrl: fake.url,
      apiKey: NEW_KEY,
      standardModel: 'console-standard-2',
      premiumModel: 'console-premium',
      concurrency: 2,
    });
    const kept = await admin('/admin/ai-provider/save', {
      id,
      name: '改名',
      baseUrl: fake.url,
      standardModel: 'console-standard-2',
      premiumModel: 'console-premium',
      concurrency: 2,
    });
    expect(kept.body.data).toMatchObject({ name: '改名', keyHint: '****77bb', active: true });
    before = fake.requests.length;
    await writeOneChapter();
    expect(
      fake.requests
        .slice(before)
        .every((r) => r.model === 'console-standard-2' && r.authorization === `Bearer ${NEW_KEY}`),
    ).toBe(true);

    // Back to the server's own settings (offline here).
    expect((await admin('/admin/ai-provider/activate', { id: null })).body.data.inUse).toBe('offline');
    expect(s.built.ctx.services.aiSetup.chatProvider()).toBeNull();
    before = fake.requests.length;
    await writeOneChapter();
    expect(fake.requests.length).toBe(before);

    // Neither key is in any answer nor anywhere in the database in clear.
    answers.push(JSON.stringify((await admin('/admin/ai-provider/list')).body));
    for (const a of answers) {
      expect(a).not.toContain(KEY);
      expect(a).not.toContain(NEW_KEY);
    }
    const row = await s.built.ctx.db
      .selectFrom('ai_providers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.api_key_sealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(NEW_KEY.slice(0, 12));
    if (TEST_DB === 'sqlite') {
      const files = fs.readdirSync(s.dataDir).filter((f) => /\.(db|sqlite|db-wal)$/.test(f));
      for (const f of files) {
        const bytes = fs.readFileSync(path.join(s.dataDir, f));
        expect(bytes.includes(Buffer.from(KEY))).toBe(false);
        expect(bytes.includes(Buffer.from(NEW_KEY))).toBe(false);
      }
    }
  });

  it('refuses bad input and normal users', async () => {
    const noKey = await admin('/admin/ai-provider/save', {
      name: 'x',
      baseUrl: fake.url,
      standardModel: 'a',
      premiumModel: 'b',
    });
    expect([noKey.status, noKey.body.msg]).toEqual([400, '请填写 API Key']);
    const badUrl = await admin('/admin/ai-provider/save', {
      name: 'x',
      baseUrl: 'ftp://x',
      apiKey: 'k',
      standardModel: 'a',
      premiumModel: 'b',
    });
    expect(badUrl.status).toBe(400);
    expect((await admin('/admin/ai-provider/activate', { id: 'nope' })).status).toBe(404);
    const user = await createUserWithSession(s);
    expect((await s.api.get('/admin/ai-provider/list', undefined, { token: user.token })).status).toBe(403);
  });

  it('a second server on the same database follows a switch made on the first (its periodic re-read)', async () => {
    const other = await startTestServer(
      { SECRET_KEY: 'test-secret-key-for-sealing', AI_PROVIDER_ALLOW_PRIVATE: 'on' },
      { dataDir: s.dataDir, pgSchema: s.pgSchema },
    );
    try {
      const id = (
        await admin('/admin/ai-provider/save', {
          name: '第二个',
          baseUrl: fake.url,
          apiKey: KEY,
          standardModel: 'shared-standard',
          premiumModel: 'shared-premium',
        })
      ).body.data.id;
      // What the other server holds before its next re-read depends on the clock (its refresh may
      // come at any time); what the re-read makes of the switch does not.
      await admin('/admin/ai-provider/activate', { id });
      await other.built.ctx.services.aiProviders.apply();
      expect(other.built.ctx.services.aiSetup.chatProvider()?.modelOf('standard')).toBe('shared-standard');
      await admin('/admin/ai-provider/activate', { id: null });
      await other.built.ctx.services.aiProviders.apply();
      expect(other.built.ctx.services.aiSetup.chatProvider()).toBeNull();
    } finally {
      await other.close({ keepData: true });
    }
  });
});
