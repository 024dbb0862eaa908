import { describe, expect, it } from 'vitest';
import type { BidAmendments, BidChecks } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { findByTitle, newWriter, type Client } from './catalog-helpers.ts';
import { outlinedBid, write } from './checks-helpers.ts';
import { CHECKS_TENDER_WITH_DEADLINE } from './helpers/tenders.ts';

/**
 * Issue 31, scope 5: an amendment (补遗) uploaded through the tender upload that moves the deadline,
 * changes one item's points and adds a ★ clause is shown as three changes, flags the chapter of
 * that item, and the checks then require the new ★ clause.
 */
const TENDER = CHECKS_TENDER_WITH_DEADLINE;
const AMENDMENT = `南湖区智慧校园运维服务采购项目 补遗文件（第1号）
各潜在投标人：
一、投标截止时间调整为：2026年12月20日9时30分，开标地点不变。
二、评分标准第2项“应急响应措施”分值调整为25分。
三、新增实质性要求：★投标人须提供不少于2名驻场工程师的社保缴纳证明。
`;

const s = useTestServer();

async function bidWithChapters(c: Client) {
  const { bidId, tree, item } = await outlinedBid(c, '补遗测试', TENDER, (item) => [
    { title: '运维服务方案', scoringItems: item('运维服务方案') },
    { title: '应急响应措施', scoringItems: item('应急响应措施') },
    { title: '培训方案', scoringItems: item('培训方案') },
  ]);
  const ids = {
    service: findByTitle(tree, '运维服务方案').id,
    emergency: findByTitle(tree, '应急响应措施').id,
    training: findByTitle(tree, '培训方案').id,
  };
  await write(c, ids.service, '我方承诺故障响应时间不超过30分钟，4小时内到达现场处理。');
  await write(c, ids.emergency, '我方建立7×24小时值班制度。');
  await write(c, ids.training, '培训计划按季度组织。');
  return { bidId, ids, emergencyItem: item('应急响应措施')[0].id };
}

describe(`amendments (${TEST_DB})`, () => {
  it('an uploaded 补遗 is three changes, flags the changed item’s chapter, and the checks require its ★ clause', async () => {
    const c = await newWriter(s);
    const { bidId, ids, emergencyItem } = await bidWithChapters(c);
    const empty = await c.data<BidAmendments>('/bid/client/getBidAmendments', { id: bidId });
    expect(empty).toEqual({ amendments: [], deadline: '2026年12月10日9时30分', flagged: [] });
    const before = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
    expect(before.stars.map((x) => x.answered)).toEqual([true]);
    expect(before.blockers).toEqual([]);

    const fileId = await c.uploadTender('补遗文件（第1号）.txt', AMENDMENT);
    const r = await c.data<BidAmendments>('/bid/client/addBidAmendment', { id: bidId, fileId });
    expect(r.amendments).toHaveLength(1);
    expect(r.amendments[0].name).toBe('补遗文件（第1号）.txt');
    const changes = r.amendments[0].changes;
    expect(changes.map((x) => [x.kind, x.label, x.before, x.after])).toEqual([
      ['date', '投标截止时间', '2026年12月10日9时30分', '2026年12月20日9时30分'],
      ['points', '应急响应措施', '20分', '25分'],
      ['star', '★条款', null, '★投标人须提供不少于2名驻场工程师的社保缴纳证明。'],
    ]);
    // Each change carries the amendment's passage, and the tender's where it had one.
    expect(changes[0].sourceText).toContain('投标截止时间调整为');
    expect(changes[0].tenderText).toContain('投标截止时间：2026年12月10日');
    expect(changes[1].tenderText).toContain('应急响应措施');
    expect(r.deadline).toBe('2026年12月20日9时30分');
    // The bid's analysis as every screen reads it states the deadline in force and the new clause.
    const detail = await c.data('/bid/client/getBidDetail', { id: bidId });
    expect(detail.analysis.keyDates).toContainEqual(
      expect.objectContaining({ label: '投标截止时间', value: '2026年12月20日9时30分' }),
    );
    expect(detail.analysis.starClauses).toHaveLength(2);
    expect(r.flagged).toEqual([
      {
        catalogId: ids.emergency,
        title: '应急响应措施',
        itemId: emergencyItem,
        reason: '补遗/澄清调整“应急响应措施”分值：20分 → 25分',
      },
    ]);

    const after = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
    expect(after.stars).toHaveLength(2);
    expect(after.stars[1]).toMatchObject({ answered: false });
    expect(after.coverage.find((i) => i.name === '应急响应措施')!.points).toBe(25);
    expect(after.blockers).toEqual(['★条款未响应：投标人须提供不少于2名驻场工程师的社保缴纳证明。']);
    const refused = await c.call('/bid/client/finishBid', { id: bidId });
    expect(refused.code).toBe(601);

    // Answering the new clause clears it.
    await write(c, ids.training, '培训计划按季度组织。\n我方提供2名驻场工程师的社保缴纳证明。');
    const fixed = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
    expect(fixed.stars.map((x) => x.answered)).toEqual([true, true]);
    expect(fixed.blockers).toEqual([]);
  });

  it('pasted text works; empty input and another user’s bid are refused in Chinese', async () => {
    const c = await newWriter(s);
    const { bidId } = await bidWithChapters(c);
    const pasted = await c.data<BidAmendments>('/bid/client/addBidAmendment', {
      id: bidId,
      text: '澄清：开标时间推迟至2026年12月21日14时00分。',
    });
    expect(pasted.amendments[0].changes.map((x) => [x.kind, x.label, x.after])).toEqual([
      ['date', '开标时间', '2026年12月21日14时00分'],
    ]);
    expect(pasted.amendments[0].name).toMatch(/^补遗\/澄清（/);
    const empty = await c.call('/bid/client/addBidAmendment', { id: bidId, text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('请上传补遗/澄清文件或粘贴其文字');
    const other = await newWriter(s);
    const denied = await other.call('/bid/client/getBidAmendments', { id: bidId });
    expect(denied.status).toBe(404);
  });
});
