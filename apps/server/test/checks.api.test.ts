import { describe, expect, it } from 'vitest';
import type { BidChecks } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { newWriter } from './catalog-helpers.ts';
import { CHECKS_TENDER, COMPANY, flawedBid, write } from './checks-helpers.ts';

const s = useTestServer();

describe(`bid checks (${TEST_DB})`, () => {
  it('a flawed bid shows exactly its findings; finishing answers 601 naming the first; fixing clears them', async () => {
    const c = await newWriter(s);
    const { bidId, ids } = await flawedBid(c);
    const checks = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });

    expect(checks.coverage.filter((i) => !i.covered).map((i) => i.name)).toEqual(['培训方案']);
    expect(checks.coverage.find((i) => i.name === '运维服务方案')!.chapters).toEqual([
      { id: ids.service, title: '运维服务方案' },
    ]);
    expect(checks.stars).toHaveLength(1);
    expect(checks.stars[0]).toMatchObject({ answered: false, chapters: [], sentence: null });
    expect(checks.disqualifications).toHaveLength(1);
    expect(checks.disqualifications[0]).toMatchObject({
      answered: true,
      chapters: [{ id: ids.letter, title: '投标函' }],
    });
    expect(checks.anonymity).toEqual([
      { kind: 'company', text: COMPANY, catalogId: ids.service, title: '运维服务方案' },
    ]);
    expect(checks.anonymousParts).toEqual(['技术部分']);
    expect(checks.placeholders).toEqual([
      { catalogId: ids.service, title: '运维服务方案', text: '【待填写：驻场人数】' },
      { catalogId: ids.emergency, title: '应急响应措施', text: '【待填写：备件清单】' },
    ]);
    // The anonymous template's measured page model: cover and contents, three parts each on a new page.
    expect(checks.pages).toEqual({ estimated: 5, limit: null, target: 10 });
    expect(checks.blocking).toBe(2);
    expect(checks.blockers[0]).toContain('★条款未响应');
    expect(checks.blockers[1]).toContain(COMPANY);

    const refused = await c.call('/bid/client/finishBid', { id: bidId });
    expect(refused.status).toBe(200);
    expect(refused.code).toBe(601);
    expect(refused.msg).toContain('★条款未响应：投标人须承诺故障响应时间不超过30分钟');
    expect(refused.msg).toContain('等 2 项问题');
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).status).toBe('writing');

    // Fix everything: answer the ★ clause, drop the name, fill the placeholders, cover 培训方案.
    await write(
      c,
      ids.service,
      '运维团队由我方组建，驻场人数为 6 人。\n我方建立巡检、故障处理和变更管理三项制度。',
    );
    await write(
      c,
      ids.emergency,
      '我方承诺故障响应时间不超过30分钟，4小时内到达现场处理。\n备件清单见附表。',
    );
    const { id: training } = await c.data('/catalog/client/addLowerLevelBidCatalog', {
      id: ids.technical,
      title: '培训方案',
    });
    await write(c, training, '培训方案：分管理员、教师两个层次开展培训，每学期不少于两次。');
    const fixed = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
    expect(fixed.coverage.every((i) => i.covered)).toBe(true);
    expect(fixed.coverage.find((i) => i.name === '培训方案')!.chapters).toEqual([
      { id: training, title: '培训方案' },
    ]);
    expect(fixed.stars[0]).toMatchObject({
      answered: true,
      chapters: [{ id: ids.emergency, title: '应急响应措施' }],
      sentence: '我方承诺故障响应时间不超过30分钟，4小时内到达现场处理。',
    });
    expect(fixed.anonymity).toEqual([]);
    expect(fixed.placeholders).toEqual([]);
    expect(fixed.blocking).toBe(0);
    await c.data('/bid/client/finishBid', { id: bidId });
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).status).toBe('finished');
  });

  it('confirm: true finishes despite blocking findings; the export template counts in a 暗标 bid', async () => {
    const c = await newWriter(s);
    const { bidId } = await flawedBid(c);
    await c.data('/bid/client/updateBid', { id: bidId, templateId: 'gov-standard' });
    const checks = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
    expect(checks.anonymity.map((a) => a.kind)).toEqual(['company', 'header', 'metadata']);
    expect(checks.blocking).toBe(4);
    await c.data('/bid/client/finishBid', { id: bidId, confirm: true });
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).status).toBe('finished');
  });

  it('a bid without 暗标 has no anonymity findings; below 100 % the progress message comes first', async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '普通',
      modelType: 'standard',
      tenderText: CHECKS_TENDER.replace(/本项目技术部分为暗标.*\n/, ''),
    });
    await c.data('/ai/client/aiGetBidCatalog', { bidId });
    const checks = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
    expect(checks.anonymity).toEqual([]);
    expect(checks.anonymousParts).toEqual([]);
    expect(checks.coverage.length).toBe(4);
    const refused = await c.call('/bid/client/finishBid', { id: bidId });
    expect(refused.code).toBe(601);
    expect(refused.msg).toMatch(/^还有 \d+ 个章节未写够/);
  });

  it("another user's bid is 404; a bad id is 400", async () => {
    const a = await newWriter(s);
    const b = await newWriter(s);
    const { bidId } = await flawedBid(a);
    expect((await b.call('/bid/client/getBidChecks', { id: bidId })).status).toBe(404);
    expect((await b.call('/bid/client/finishBid', { id: bidId, confirm: true })).status).toBe(404);
    const bad = await a.call('/bid/client/getBidChecks', {});
    expect(bad.status).toBe(400);
  });

  it("pages over the tender's limit are a blocking finding", async () => {
    const c = await newWriter(s);
    const tender = `${CHECKS_TENDER.replace(/本项目技术部分为暗标.*\n/, '')}投标文件技术部分不得超过 2 页。\n`;
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '页数',
      modelType: 'standard',
      tenderText: tender,
    });
    await c.data('/ai/client/aiGetBidCatalog', { bidId });
    const tree = await c.data('/catalog/client/bidCatalogSave', { bidId, catalogs: [{ title: '技术方案' }] });
    await write(c, tree[0].id, '我方按招标文件要求组织实施，确保质量、进度和安全目标全面实现。'.repeat(60));
    const checks = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
    expect(checks.pages.limit).toBe(2);
    expect(checks.pages.estimated).toBeGreaterThan(2);
    expect(checks.blockers).toContain(`页数约 ${checks.pages.estimated} 页，超过招标文件限制的 2 页`);
    const refused = await c.call('/bid/client/finishBid', { id: bidId });
    expect(refused.code).toBe(601);
    // The ★ clause is unanswered too and comes first; the count includes the pages.
    expect(refused.msg).toContain('等 2 项问题');
  });
});
