import { describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { findByTitle, newWriter, paragraph } from './catalog-helpers.ts';

/**
 * Progress counts written text (issue 26, scope 1): a chapter counts when its own text reaches the
 * bid's share of its target; placeholders, notices and the tender's own sentences are not its text.
 */
const s = useTestServer();

const B = '/bid/client';
const C = '/catalog/client';
const TENDER =
  '一、项目概况\n本项目为道路清扫保洁服务。\n二、服务要求\n1. 投标人须配备不少于30名专职保洁人员，保洁时间为每日5:00至22:00。\n';

describe(`progress counts written text (${TEST_DB})`, () => {
  it('placeholders and repeated requirements do not count; the share, the target and 无需正文 do', async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data<{ id: string }>(`${B}/saveBid`, {
      name: '保洁服务投标',
      modelType: 'standard',
      pageCount: 10,
      tenderText: TENDER,
    });
    const tree = await c.data<CatalogNode[]>(`${C}/bidCatalogSave`, {
      bidId,
      catalogs: [
        { title: '人员配置', targetWords: 40 },
        { title: '响应表', targetWords: 40 },
      ],
    });
    const staff = findByTitle(tree, '人员配置');
    const table = findByTitle(tree, '响应表');
    const progress = async () => (await c.data(`${B}/getBidDetail`, { id: bidId })).progress;

    // Placeholders and the requirement repeated back: only 响应 is its own.
    const echo = await c.data(`${C}/updateBidCatalogContent`, {
      id: staff.id,
      content: paragraph(
        '【待填写：本章为离线模板草稿】投标人须配备不少于30名专职保洁人员，保洁时间为每日5:00至22:00——响应。【待填写：人员名单】',
      ),
      baseVersion: 0,
    });
    expect(echo.bidProgress).toBe(0);
    let node = findByTitle(await c.data<CatalogNode[]>(`${C}/getBidCatalogList`, { bidId }), '人员配置');
    expect(node).toMatchObject({ ownWords: 2, wordsNeeded: 24, written: false });

    // 30 words of its own: 30 >= 60 % of 40.
    const own = '我司按片区划分作业班组每组设组长一名实行日巡查与周考核相结合的管理方式确保路面整洁';
    expect(own.length).toBeGreaterThan(30);
    const written = await c.data(`${C}/updateBidCatalogContent`, {
      id: staff.id,
      content: paragraph(own.slice(0, 30)),
      baseVersion: 1,
    });
    expect(written.bidProgress).toBe(50);
    node = findByTitle(await c.data<CatalogNode[]>(`${C}/getBidCatalogList`, { bidId }), '人员配置');
    expect(node).toMatchObject({ ownWords: 30, written: true });

    // A stricter bid setting: 30 of 40 is under 80 %.
    expect((await c.data(`${B}/updateBid`, { id: bidId, writtenShare: 80 })).progress).toBe(0);
    const refused = await c.call(`${B}/finishBid`, { id: bidId });
    expect([refused.code, refused.msg]).toEqual([
      601,
      '还有 2 个章节未写够（正文未达到目标字数的 80%，也未标记「无需正文」），写作进度 0%，不能完成标书',
    ]);
    // A smaller target, then the table marked 无需正文: everything counts and the bid can be finished.
    await c.data(`${C}/updateBidCatalogSetting`, { id: staff.id, settings: { targetWords: 30 } });
    expect(await progress()).toBe(50);
    await c.data(`${C}/updateBidCatalogSetting`, { id: table.id, settings: { noText: true } });
    expect(await progress()).toBe(100);
    node = findByTitle(await c.data<CatalogNode[]>(`${C}/getBidCatalogList`, { bidId }), '响应表');
    expect(node).toMatchObject({ written: true, settings: { noText: true } });
    // The list shows the same figure.
    const list = await c.data(`${B}/getBidList`, {});
    expect(list.records.find((r: { id: string }) => r.id === bidId).progress).toBe(100);
    expect((await c.call(`${B}/finishBid`, { id: bidId })).code).toBe(200);
  });
});
