import { describe, expect, it } from 'vitest';
import { endpoints, flattenTree, parseUpper, type BidForms, type CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { CHECKS_TENDER, LIMITS_TENDER } from './helpers/tenders.ts';
import { newWriter, type Client } from './catalog-helpers.ts';
import { write } from './checks-helpers.ts';

/**
 * Issue 31, scope 2: the 报价 sheet's limits. A price under the tender's stated floor blocks like
 * one above its 最高限价; the 工期, 质保期 and 投标有效期 the bid states fill the forms and are
 * checked against the tender's, naming both values and the 报价与格式 drawer where they change.
 */
const s = useTestServer();

async function bidOn(c: Client, tenderText: string, lot?: number): Promise<string> {
  const { id } = await c.data<{ id: string }>('/bid/client/saveBid', {
    name: '报价限价测试',
    modelType: 'standard',
    pageCount: 10,
    tenderText,
    ...(lot ? { lot } : {}),
  });
  await c.data('/ai/client/aiGetBidCatalog', { bidId: id });
  return id;
}

/** The 投标函 as one line of text, its filled blanks in place. */
const letterOf = (f: BidForms) =>
  f.forms
    .find((x) => x.title === '投标函')!
    .blocks.map((b) => (b.kind === 'paragraph' ? b.segments.map((x) => x.text).join('') : ''))
    .join('\n');

const SHEET = '“报价与格式”';

describe(`the 报价 sheet’s floor and terms (${TEST_DB})`, () => {
  it('a price under the stated floor blocks; terms outside the tender’s block, inside them fill the forms', async () => {
    const c = await newWriter(s);
    const bidId = await bidOn(c, LIMITS_TENDER);
    const token = c.user.token;
    const blockers = async () =>
      (await s.api.call(endpoints.getBidChecks, { id: bidId }, token)).blockers.filter((b) =>
        /限价|工期|质保期|投标有效期/.test(b),
      );

    const start = await s.api.call(endpoints.getBidForms, { id: bidId }, token);
    expect([start.ceiling, start.floor, start.underFloor]).toEqual([5_000_000, 4_250_000, false]);
    expect(start.terms).toEqual({
      required: { period: '90日历天', warranty: '2年', validity: '90日历天' },
      offered: { period: null, warranty: null, validity: null },
    });
    expect(start.issues).toEqual([]);
    // Without terms of its own the bid's forms state the tender's.
    expect(letterOf(start)).toContain('工期为90日历天，质保期为2年，投标有效期为90日历天');

    const under = await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 4_000_000 }, token);
    const floorMsg = `报价 ¥4,000,000.00 低于招标文件的最低限价 ¥4,250,000.00，请在${SHEET}中修改报价`;
    expect(under.underFloor).toBe(true);
    expect(under.issues).toEqual([floorMsg]);
    expect(await blockers()).toEqual([floorMsg]);

    const inside = await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 4_250_000 }, token);
    expect([inside.underFloor, inside.overCeiling, inside.issues]).toEqual([false, false, []]);
    expect(await blockers()).toEqual([]);

    // Terms outside the tender's: each names what the bid states, what the tender requires and where to fix it.
    const outside = await s.api.call(
      endpoints.saveBidTerms,
      { id: bidId, period: '120日历天', warranty: '1年', validity: '六十日历天' },
      token,
    );
    expect(outside.terms.offered).toEqual({ period: '120日历天', warranty: '1年', validity: '60日历天' });
    const termMsgs = [
      `工期超过招标文件要求：${SHEET}中填写的是 120日历天，招标文件要求 90日历天，请在${SHEET}中修改`,
      `质保期短于招标文件要求：${SHEET}中填写的是 1年，招标文件要求 2年，请在${SHEET}中修改`,
      `投标有效期短于招标文件要求：${SHEET}中填写的是 60日历天，招标文件要求 90日历天，请在${SHEET}中修改`,
    ];
    expect(outside.issues).toEqual(termMsgs);
    expect(await blockers()).toEqual(termMsgs);
    expect(letterOf(outside)).toContain('工期为120日历天，质保期为1年，投标有效期为60日历天');

    // Inside them (a shorter 工期, a longer 质保期): consistent, and every form states the bid's own.
    const consistent = await s.api.call(
      endpoints.saveBidTerms,
      { id: bidId, period: '60日历天', warranty: '3年', validity: '90日历天' },
      token,
    );
    expect(consistent.issues).toEqual([]);
    expect(await blockers()).toEqual([]);
    expect(letterOf(consistent)).toContain('工期为60日历天，质保期为3年，投标有效期为90日历天');
    expect(letterOf(await s.api.call(endpoints.getBidForms, { id: bidId }, token))).toContain(
      '工期为60日历天',
    );
    // The 商务标 generator states the same terms as the forms.
    const business = await s.api.call(endpoints.generateBusinessBid, { bidId }, token);
    expect(business.sections.find((x) => x.title === '投标函')!.markdown).toContain(
      '我方承诺工期（服务期）为60日历天，质保期为3年。',
    );

    // Not a duration: refused in Chinese, nothing saved.
    const bad = await s.api.post(
      '/bid/client/saveBidTerms',
      { id: bidId, period: '尽快', warranty: null, validity: null },
      { token },
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('工期须写成数字加单位');
    // Cleared: the forms state the tender's terms again.
    const cleared = await s.api.call(
      endpoints.saveBidTerms,
      { id: bidId, period: null, warranty: null, validity: null },
      token,
    );
    expect(cleared.terms.offered).toEqual({ period: null, warranty: null, validity: null });
    expect(letterOf(cleared)).toContain('工期为90日历天');
  });

  it('分项 lines with taxes: 小计, 税额 and 合计 computed; their 合计 is the one 报价 of every form', async () => {
    const c = await newWriter(s);
    const bidId = await bidOn(c, LIMITS_TENDER);
    const token = c.user.token;
    const lamp = { name: '路灯维修', quantity: 120, unitPrice: 25_000, taxRate: 9 };
    const patrol = { name: '巡检服务', quantity: 12, unitPrice: 80_000.5, taxRate: 6 };

    const f = await s.api.call(endpoints.saveBidPriceLines, { id: bidId, lines: [lamp, patrol] }, token);
    expect(f.lines).toEqual([
      { ...lamp, subtotal: 3_000_000, tax: 270_000, total: 3_270_000 },
      { ...patrol, subtotal: 960_006, tax: 57_600.36, total: 1_017_606.36 },
    ]);
    expect(f.price).toEqual({
      amount: 4_287_606.36,
      upper: '人民币肆佰贰拾捌万柒仟陆佰零陆元叁角陆分',
      lower: '¥4,287,606.36',
    });
    expect(f.issues).toEqual([]);
    const letter = letterOf(f);
    expect(letter).toContain('（¥4,287,606.36）');
    expect(parseUpper(/（大写）([^元]+元[^（]*)（/.exec(letter)![1])).toBeCloseTo(4_287_606.36, 2);

    // One line changed: the 报价 of every place changes, and under the floor it blocks.
    const fewer = await s.api.call(
      endpoints.saveBidPriceLines,
      { id: bidId, lines: [{ ...lamp, quantity: 100 }, patrol] },
      token,
    );
    expect(fewer.price!.amount).toBe(3_742_606.36);
    expect(letterOf(fewer)).toContain('（¥3,742,606.36）');
    expect(letterOf(fewer)).not.toContain('4,287,606.36');
    expect(fewer.issues).toEqual([
      `报价 ¥3,742,606.36 低于招标文件的最低限价 ¥4,250,000.00，请在${SHEET}中修改报价`,
    ]);
    const again = await s.api.call(endpoints.getBidForms, { id: bidId }, token);
    expect(again.lines.map((l) => l.quantity)).toEqual([100, 12]);

    // A total typed beside the lines is refused; lines that do not add up to a price are refused.
    const typed = await s.api.post('/bid/client/saveBidPrice', { id: bidId, amount: 4_300_000 }, { token });
    expect(typed.body.code).toBe(409);
    expect(typed.body.msg).toContain('报价由分项报价合计得出');
    const badRate = await s.api.post(
      '/bid/client/saveBidPriceLines',
      { id: bidId, lines: [{ ...lamp, taxRate: 120 }] },
      { token },
    );
    expect(badRate.body.code).toBe(400);
    expect(badRate.body.msg).toContain('税率不能超过 100%');
    const nothing = await s.api.post(
      '/bid/client/saveBidPriceLines',
      { id: bidId, lines: [{ ...lamp, unitPrice: 0 }] },
      { token },
    );
    expect(nothing.body.code).toBe(400);
    expect(nothing.body.msg).toContain('分项合计须大于 0');

    // Without lines the last 报价 stays and can be typed again.
    const cleared = await s.api.call(endpoints.saveBidPriceLines, { id: bidId, lines: [] }, token);
    expect([cleared.lines, cleared.price!.amount]).toEqual([[], 3_742_606.36]);
    const direct = await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 4_300_000 }, token);
    expect(direct.price!.amount).toBe(4_300_000);
  });

  it('a chapter that states another 工期, 质保期, 投标有效期 or 投标总价 than the bid blocks, naming both', async () => {
    const c = await newWriter(s);
    const bidId = await bidOn(c, LIMITS_TENDER);
    const token = c.user.token;
    await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 4_500_000 }, token);
    await s.api.call(
      endpoints.saveBidTerms,
      { id: bidId, period: '60日历天', warranty: null, validity: null },
      token,
    );
    const forms = await s.api.call(endpoints.getBidForms, { id: bidId }, token);
    const replaced = new Set(forms.forms.map((f) => f.catalogId));
    const tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
    const [plan, promise] = flattenTree(tree).filter((n) => !n.children.length && !replaced.has(n.id));
    const blockers = async () =>
      (await s.api.call(endpoints.getBidChecks, { id: bidId }, token)).blockers.filter((b) =>
        /不一致/.test(b),
      );

    // The tender's limits quoted and the bid's own values restated: nothing to say.
    await write(
      c,
      plan.id,
      '招标文件要求工期为90日历天，我方承诺工期为60日历天。质保期：2年。工期不超过90日历天。投标总价为450万元。',
    );
    expect(await blockers()).toEqual([]);

    // Typed by hand into a chapter: the 工期 the tender allowed, a shorter 投标有效期, another 总价.
    await write(
      c,
      promise.id,
      '我方承诺工期为90日历天。投标有效期为自投标截止之日起60日历天。我方投标总价为人民币460万元。',
    );
    expect(await blockers()).toEqual([
      `报价不一致：“${promise.title}”写的是 460万元，报价为 ¥4,500,000.00`,
      `工期不一致：“${promise.title}”写的是 90日历天，本投标为 60日历天（见${SHEET}）`,
      `投标有效期不一致：“${promise.title}”写的是 60日历天，本投标为 90日历天（见${SHEET}）`,
    ]);
  });

  it('a tender with a 最高限价 and a floor per 包 holds each bid to its own 包’s', async () => {
    const tender = `城西学校设备采购项目 招标文件
项目编号：CX-2026-009
采购人：城西区教育局
采购包1：交互式智能平板（最高限价500万元）
采购包2：学生课桌椅（最高限价200万元）
包1最低限价为400万元，包2最低限价为150万元。
一、评分标准
| 评分因素 | 分值 | 评分标准 |
| 技术方案 | 60 | 方案完整的得 60 分 |
| 投标报价 | 40 | 价格最低的为评标基准价 |
`;
    const c = await newWriter(s);
    const token = c.user.token;
    const limits = async (lot: number, amount: number) => {
      const f = await s.api.call(endpoints.saveBidPrice, { id: await bidOn(c, tender, lot), amount }, token);
      return [f.ceiling, f.floor, f.overCeiling, f.underFloor];
    };
    // 180万元 is inside 包2's limits, under 包1's floor; 450万元 is above 包2's 最高限价, inside 包1's.
    expect(await limits(2, 1_800_000)).toEqual([2_000_000, 1_500_000, false, false]);
    expect(await limits(2, 4_500_000)).toEqual([2_000_000, 1_500_000, true, false]);
    expect(await limits(1, 4_500_000)).toEqual([5_000_000, 4_000_000, false, false]);
    expect(await limits(1, 1_800_000)).toEqual([5_000_000, 4_000_000, false, true]);
  });

  it('says nothing where the tender states no floor and no terms; another user’s bid is 404', async () => {
    const c = await newWriter(s);
    const bidId = await bidOn(c, `${CHECKS_TENDER}四、其他\n投标报价不得低于成本，否则按无效投标处理。\n`);
    const token = c.user.token;
    await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 1 }, token);
    const f = await s.api.call(
      endpoints.saveBidTerms,
      { id: bidId, period: '300日历天', warranty: '1年', validity: '10天' },
      token,
    );
    expect([f.floor, f.underFloor]).toEqual([null, false]);
    expect(f.terms.required).toEqual({ period: null, warranty: null, validity: null });
    expect(f.issues).toEqual([]);
    const checks = await s.api.call(endpoints.getBidChecks, { id: bidId }, token);
    expect(checks.blockers.filter((b) => /限价|工期|质保期|投标有效期/.test(b))).toEqual([]);

    const other = await newWriter(s);
    const foreign = await s.api.post(
      '/bid/client/saveBidTerms',
      { id: bidId, period: '10天', warranty: null, validity: null },
      { token: other.user.token },
    );
    expect(foreign.body.code).toBe(404);
  });
});
