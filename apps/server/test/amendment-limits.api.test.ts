import { describe, expect, it } from 'vitest';
import { endpoints, type BidAmendments } from '@bid/shared';
import { parseDocx } from '../src/files/parse-core.ts';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { LIMITS_TENDER } from './helpers/tenders.ts';
import { newWriter, type Client } from './catalog-helpers.ts';

/**
 * Issue 31, scope 5: an amendment that changes the 最高限价 or a form. The 报价 checks then hold the
 * bid to the amended limit, and the exported forms are the amended ones.
 */
const s = useTestServer();
const LIMITS = { maxPages: 1000, maxUnpackedBytes: 1e8, maxEntries: 10000, maxTextChars: 1e7 };
const SHEET = '“报价与格式”';

/** LIMITS_TENDER with its forms chapter listing its parts, so the outline has a 投标函 chapter. */
const TENDER = LIMITS_TENDER.replace(
  '第六章 投标文件格式\n',
  '第六章 投标文件格式\n一、投标函\n二、技术方案\n',
).concat('二、技术方案\n技术方案由投标人自行编制。\n');

async function bidOn(c: Client): Promise<string> {
  const { id } = await c.data<{ id: string }>('/bid/client/saveBid', {
    name: '补遗限价测试',
    modelType: 'standard',
    pageCount: 10,
    tenderText: TENDER,
  });
  await c.data('/ai/client/aiGetBidCatalog', { bidId: id });
  return id;
}

describe(`amendments that change the 最高限价 or a form (${TEST_DB})`, () => {
  it('a lowered 最高限价 makes a 报价 between the new and the old limit a blocking finding', async () => {
    const c = await newWriter(s);
    const token = c.user.token;
    const bidId = await bidOn(c);
    const limitBlockers = async () =>
      (await s.api.call(endpoints.getBidChecks, { id: bidId }, token)).blockers.filter((b) => /限价/.test(b));

    const priced = await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 4_800_000 }, token);
    expect([priced.ceiling, priced.overCeiling, priced.floor]).toEqual([5_000_000, false, 4_250_000]);
    expect(await limitBlockers()).toEqual([]);

    const fileId = await c.uploadTender(
      '补遗文件（第2号）.txt',
      '滨湖区道路照明设施维护项目 补遗文件（第2号）\n一、本项目最高限价由500万元调整为450万元。\n二、其他内容不变。\n',
    );
    const r = await c.data<BidAmendments>('/bid/client/addBidAmendment', { id: bidId, fileId });
    expect(r.amendments[0].changes.map((x) => [x.kind, x.label, x.before, x.after])).toEqual([
      ['price-limit', '最高限价', '500万元', '450万元'],
    ]);
    expect(r.amendments[0].changes[0].sourceText).toBe('一、本项目最高限价由500万元调整为450万元。');

    const msg = `报价 ¥4,800,000.00 超过招标文件的最高限价 ¥4,500,000.00，请在${SHEET}中修改报价`;
    const forms = await s.api.call(endpoints.getBidForms, { id: bidId }, token);
    // The floor, a share of the 最高限价, moves with it.
    expect([forms.ceiling, forms.overCeiling, forms.floor, forms.issues]).toEqual([
      4_500_000,
      true,
      3_825_000,
      [msg],
    ]);
    expect(await limitBlockers()).toEqual([msg]);

    // A floor the next amendment states as an amount is the floor from then on.
    await c.data('/bid/client/addBidAmendment', { id: bidId, text: '澄清：最低投标限价调整为460万元。' });
    const floored = await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 4_400_000 }, token);
    expect([floored.ceiling, floored.floor, floored.underFloor]).toEqual([4_500_000, 4_600_000, true]);
  });

  it('a changed 投标函 wording is the wording of the exported 投标函', async () => {
    const c = await newWriter(s);
    const token = c.user.token;
    const bidId = await bidOn(c);
    await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 4_800_000 }, token);
    const exported = async () => {
      const res = await c.download('/bid/client/exportBid', { id: bidId });
      expect(res.status).toBe(200);
      return (await parseDocx(res.bytes, LIMITS)).text;
    };
    const before = await s.api.call(endpoints.getBidForms, { id: bidId }, token);
    expect(before.forms.find((f) => f.kind === 'letter')!.catalogId).not.toBeNull();
    expect(await exported()).toContain('我方决定参加本项目投标，投标总价为人民币（大写）肆佰捌拾万元');

    const r = await c.data<BidAmendments>('/bid/client/addBidAmendment', {
      id: bidId,
      text: [
        '补遗文件（第3号）',
        '一、投标函格式修改为：',
        '致：滨湖区城市管理局',
        '我方已详细阅读招标文件及全部补遗，愿以投标总价人民币（大写）________元（¥________）承担本项目全部维护工作。',
        '投标人（公章）：________',
        '二、其他内容不变。',
      ].join('\n'),
    });
    const change = r.amendments[0].changes[0];
    expect([change.kind, change.label]).toEqual(['form', '投标函']);
    expect(change.tenderText).toContain('我方决定参加本项目投标');

    const text = await exported();
    expect(text).toContain(
      '我方已详细阅读招标文件及全部补遗，愿以投标总价人民币（大写）肆佰捌拾万元（¥4,800,000.00）承担本项目全部维护工作。',
    );
    expect(text).not.toContain('我方决定参加本项目投标');
  });
});
