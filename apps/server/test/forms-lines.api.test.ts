import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints, parseUpper } from '@bid/shared';
import { parseDocx } from '../src/files/parse-core.ts';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { newWriter } from './catalog-helpers.ts';

/**
 * Issue 31, scope 2 (“every place that states a price reads from it”): the tender's own 分项报价表
 * is exported with the bid's 分项 lines in its rows, in the tender's columns, its 合计 the 报价.
 * The tender: a 投标函 and a 分项报价表 with two numbered empty rows (序号 / 名称 / 规格型号 / 数量 /
 * 单价（元） / 合价（元） / 备注), then a 合计 row and its 大写.
 */
const TENDER = fs.readFileSync(new URL('./fixtures/price-detail-tender.txt', import.meta.url), 'utf8');

const LIMITS = { maxPages: 1000, maxUnpackedBytes: 1e8, maxEntries: 10000, maxTextChars: 1e7 };
const s = useTestServer();

describe(`the 分项报价表 from the bid’s 分项 lines (${TEST_DB})`, () => {
  it('exports the tender’s 分项报价表 with the three lines, its 合计 the 报价; one line changed changes it', async () => {
    const c = await newWriter(s);
    const token = c.user.token;
    const { id: bidId } = await c.data<{ id: string }>('/bid/client/saveBid', {
      name: '分项报价测试',
      modelType: 'standard',
      pageCount: 10,
      tenderText: TENDER,
    });
    await c.data('/ai/client/aiGetBidCatalog', { bidId });
    const lamp = { name: 'LED路灯', quantity: 200, unitPrice: 3_000, taxRate: 13 };
    const pole = { name: '灯杆基础', quantity: 200, unitPrice: 1_500, taxRate: 9 };
    const work = { name: '安装施工', quantity: 1, unitPrice: 400_000, taxRate: 9 };

    const exportedTable = async () => {
      const res = await c.download('/bid/client/exportBid', { id: bidId });
      expect(res.status).toBe(200);
      const lines = (await parseDocx(res.bytes, LIMITS)).text.split('\n');
      const at = lines.findIndex((l) => l.startsWith('序号\t名称\t规格型号'));
      expect(at, 'the 分项报价表 is exported').toBeGreaterThanOrEqual(0);
      const end = lines.findIndex((l, i) => i > at && l.startsWith('合计金额（大写）'));
      return lines
        .slice(at, end + 1)
        .filter((l) => l.trim())
        .map((l) => l.replace(/[\t ]+$/, ''));
    };

    // Without lines the form is the tender's: its numbered rows stay empty.
    const before = await s.api.call(endpoints.getBidForms, { id: bidId }, token);
    const detail = before.forms.find((f) => f.kind === 'price-detail')!;
    expect(detail.title).toBe('分项报价表');
    expect(detail.catalogId).not.toBeNull();
    expect((await exportedTable()).slice(1, 3)).toEqual(['1', '2']);

    const f = await s.api.call(endpoints.saveBidPriceLines, { id: bidId, lines: [lamp, pole, work] }, token);
    // 678,000 + 327,000 + 436,000
    expect(f.price!.amount).toBe(1_441_000);
    const table = await exportedTable();
    expect(table.slice(0, 5)).toEqual([
      '序号\t名称\t规格型号\t数量\t单价（元）\t合价（元）\t备注',
      '1\tLED路灯\t\t200\t3,390.00\t678,000.00',
      '2\t灯杆基础\t\t200\t1,635.00\t327,000.00',
      '3\t安装施工\t\t1\t436,000.00\t436,000.00',
      '合计\t \t \t \t \t1,441,000.00',
    ]);
    expect(parseUpper(table[5])).toBe(f.price!.amount);
    // The 规格型号 the bid does not know stays open and the checks list it.
    expect(f.forms.find((x) => x.kind === 'price-detail')!.open).toEqual([
      'LED路灯：规格型号',
      '灯杆基础：规格型号',
      '安装施工：规格型号',
      '投标人名称',
    ]);
    const checks = await s.api.call(endpoints.getBidChecks, { id: bidId }, token);
    expect(checks.placeholders.filter((p) => p.catalogId === detail.catalogId).map((p) => p.text)).toEqual(
      expect.arrayContaining(['【待填写：LED路灯：规格型号】']),
    );

    // One line changed: its row, the 合计, the 大写 and the 投标函 change together.
    await s.api.call(
      endpoints.saveBidPriceLines,
      { id: bidId, lines: [lamp, { ...pole, quantity: 150 }, work] },
      token,
    );
    const changed = await exportedTable();
    expect(changed[2]).toBe('2\t灯杆基础\t\t150\t1,635.00\t245,250.00');
    expect(changed[4]).toBe('合计\t \t \t \t \t1,359,250.00');
    expect(parseUpper(changed[5])).toBe(1_359_250);
    expect(changed.join('\n')).not.toContain('1,441,000');
  });
});
