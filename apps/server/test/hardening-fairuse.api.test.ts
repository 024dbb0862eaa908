import { describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { flatten, newBid, newWriter, type Client } from './catalog-helpers.ts';
import { streamCall } from './fake-openai/helpers.ts';
import { newId, nowIso } from '../src/lib/ids.ts';

const s = useTestServer({ AI_USER_DAILY_TOKENS: '50000', AI_USER_MAX_STREAMS: '2' });

async function bidWithChapter(c: Client): Promise<{ bidId: string; catalogId: string }> {
  const bidId = await newBid(c);
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [{ title: '技术方案', children: [{ title: '总体设计' }] }],
  });
  return { bidId, catalogId: flatten(tree)[1].id };
}

describe(`fair use of the model (${TEST_DB})`, { timeout: 60_000 }, () => {
  it("refuses AI work once the user's daily token budget is spent, with a Chinese message; others are not affected", async () => {
    const spent = await newWriter(s);
    const other = await newWriter(s);
    const a = await bidWithChapter(spent);
    const b = await bidWithChapter(other);
    await s.built.ctx.db
      .insertInto('ai_usage')
      .values({
        id: newId(),
        user_id: spent.user.userId,
        tenant_id: spent.user.tenantId,
        bid_id: a.bidId,
        catalog_id: null,
        task: 'chapter',
        engine: 'model',
        model: 'x',
        tier: 'standard',
        prompt_tokens: 30_000,
        completion_tokens: 20_000,
        created_at: nowIso(),
      })
      .execute();
    const refused = await spent.call('/ai/client/aiGetBidContent', { catalogId: a.catalogId });
    expect(refused.status).toBe(429);
    expect(refused.msg).toContain('今日 AI 用量已达上限');
    const ok = await other.call('/ai/client/aiGetBidContent', { catalogId: b.catalogId });
    expect(ok.status, ok.msg).toBe(200);
  });

  it('chart and image elements are refused too once the budget is spent', async () => {
    const spent = await newWriter(s);
    const other = await newWriter(s);
    const a = await bidWithChapter(spent);
    const b = await bidWithChapter(other);
    await s.built.ctx.db
      .insertInto('ai_usage')
      .values({
        id: newId(),
        user_id: spent.user.userId,
        tenant_id: spent.user.tenantId,
        bid_id: a.bidId,
        catalog_id: null,
        task: 'chapter',
        engine: 'model',
        model: 'x',
        tier: 'standard',
        prompt_tokens: 40_000,
        completion_tokens: 10_000,
        created_at: nowIso(),
      })
      .execute();
    for (const path of [
      '/ai/client/aiGenerateTable',
      '/ai/client/aiGenerateMindMap',
      '/ai/client/aiGenerateFlowchart',
      '/ai/client/aiGenerateGantt',
      '/ai/client/aiSearchImages',
    ]) {
      const refused = await spent.call(path, { catalogId: a.catalogId });
      expect(refused.status, path).toBe(429);
      expect(refused.msg).toContain('今日 AI 用量已达上限');
    }
    const ok = await other.call('/ai/client/aiGenerateTable', { catalogId: b.catalogId });
    expect(ok.status, ok.msg).toBe(200);
  });

  it('an element waits for a slot while its user already runs as many AI tasks as allowed; others go ahead', async () => {
    const busy = await newWriter(s);
    const other = await newWriter(s);
    const a = await bidWithChapter(busy);
    const b = await bidWithChapter(other);
    const { fair, engine } = s.built.ctx.services.aiSetup;
    const gate = fair.gate('standard', engine.concurrency('standard'));
    // Hold every slot this user may have (the per-user cap, never all slots of the tier).
    const release: Array<() => void> = [];
    const held = Array.from({ length: Math.min(fair.limits.perUser, gate.slots - 1) }, () =>
      gate.run(
        { userId: busy.user.userId, tenantId: busy.user.tenantId },
        () => new Promise<void>((r) => release.push(r)),
      ),
    );
    let done = false;
    const waiting = busy.call('/ai/client/aiGenerateMindMap', { catalogId: a.catalogId }).then((r) => {
      done = true;
      return r;
    });
    const theirs = await other.call('/ai/client/aiGenerateMindMap', { catalogId: b.catalogId });
    expect(theirs.status, theirs.msg).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    expect(gate.queued).toBe(1);
    release.forEach((r) => r());
    await Promise.all(held);
    const r = await waiting;
    expect(r.status, r.msg).toBe(200);
  });

  it('caps the progress event streams one user holds open', async () => {
    // The job workers are stopped so that the full-text jobs stay queued and their streams stay open.
    await s.built.ctx.services.jobs.stop();
    const c = await newWriter(s);
    const { bidId } = await bidWithChapter(c);
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    const path = `/ai/client/writingEvents?bidId=${bidId}`;
    const first = await streamCall(s, c.user.token, path);
    const second = await streamCall(s, c.user.token, path);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await streamCall(s, c.user.token, path);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { msg: string }).msg).toContain('进度连接过多');
    // Another user is counted apart.
    const d = await newWriter(s);
    const own = await bidWithChapter(d);
    await d.data('/ai/client/aiGetExpandRange', { bidId: own.bidId });
    const theirs = await streamCall(s, d.user.token, `/ai/client/writingEvents?bidId=${own.bidId}`);
    expect(theirs.status).toBe(200);
    await theirs.body?.cancel();
    // Closing a stream frees its place.
    await first.body?.cancel();
    await expect
      .poll(async () => {
        const again = await streamCall(s, c.user.token, path);
        const status = again.status;
        await again.body?.cancel();
        return status;
      })
      .toBe(200);
    await second.body?.cancel();
    s.built.ctx.services.jobs.start();
  });
});
