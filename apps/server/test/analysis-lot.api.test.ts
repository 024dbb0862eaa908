import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TenderAnalysis } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { newWriter } from './catalog-helpers.ts';

/** A tender with two 采购包: the bid answers one, and its analysis keeps only that 包's items. */

const tender = fs.readFileSync(new URL('./corpus/t03.txt', import.meta.url), 'utf8');
const LOT1 = ['价格分', '技术参数响应', '产品演示', '供货及安装方案', '售后服务方案', '类似业绩', '培训方案'];
const LOT2 = ['价格分', '技术参数响应', '系统集成方案', '售后服务', '企业业绩'];

const s = useTestServer();

describe(`a bid that answers one 包 (${TEST_DB})`, () => {
  it('keeps that 包’s scoring items, ★ clauses and requirements; another 包 makes the analysis afresh', async () => {
    const c = await newWriter(s);
    const { id } = await c.data('/bid/client/saveBid', {
      name: '智慧教室录播包',
      modelType: 'standard',
      pageCount: 30,
      tenderText: tender,
      lot: 2,
    });
    await c.data('/ai/client/aiGetBidCatalog', { bidId: id });
    const detail = await c.data('/bid/client/getBidDetail', { id });
    expect(detail.lot).toBe(2);
    let a = detail.analysis as TenderAnalysis;
    expect(a.lots.map((l) => l.no)).toEqual([1, 2]);
    expect(a.scoringItems.map((i) => i.name)).toEqual(LOT2);
    expect(a.scoringItems.reduce((n, i) => n + (i.points ?? 0), 0)).toBe(100);
    expect(a.starClauses.map((x) => x.text).join()).toContain('录播主机');
    expect(a.starClauses.map((x) => x.text).join()).not.toContain('显示尺寸');
    expect(a.requirements.every((r) => r.lot == null || r.lot === 2)).toBe(true);

    await c.data('/bid/client/updateBid', { id, lot: 1 });
    await c.data('/ai/client/aiGetBidCatalog', { bidId: id, refresh: true });
    a = (await c.data('/bid/client/getBidDetail', { id })).analysis as TenderAnalysis;
    expect(a.scoringItems.map((i) => i.name)).toEqual(LOT1);
  });

  it('refuses a 包 number that is not one, in Chinese, and creates nothing', async () => {
    const c = await newWriter(s);
    for (const lot of [0, 'x', 1.5]) {
      const r = await c.call('/bid/client/saveBid', {
        name: '错误的包号',
        modelType: 'standard',
        tenderText: tender,
        lot,
      });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(JSON.stringify(r.body)).toMatch(/采购包编号/);
    }
    const list = await c.data('/bid/client/getBidList', { current: 1, size: 50 });
    expect(JSON.stringify(list)).not.toContain('错误的包号');
  });
});
