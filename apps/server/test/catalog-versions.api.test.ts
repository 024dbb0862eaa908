import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import {
  assertOutlineInvariants,
  findByTitle,
  newBid,
  newWriter,
  paragraph,
  shape,
  type Client,
} from './catalog-helpers.ts';
import type { CatalogService } from '../src/modules/catalog/service.ts';

let c: Client;
let catalog: CatalogService;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
  catalog = s.built.ctx.services.catalog;
});

const P = '/catalog/client';
const text = (doc: unknown) => JSON.stringify(doc);

async function chapter(): Promise<{ bidId: string; id: string }> {
  const bidId = await newBid(c);
  const tree = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
    bidId,
    catalogs: [{ title: '技术方案' }, { title: '服务承诺' }],
  });
  return { bidId, id: tree[0].id };
}

describe(`content versions (${TEST_DB})`, () => {
  it('every regeneration is a version; the text it replaces is kept first', async () => {
    const { id } = await chapter();
    const g1 = await catalog.saveGeneratedContent(undefined, id, paragraph('第一稿'), { engine: 'offline' });
    expect(g1).toMatchObject({ version: 1, versionNo: 1 });
    // The writer edits the AI text...
    await c.data(`${P}/updateBidCatalogContent`, {
      id,
      content: paragraph('第一稿（已修改）'),
      baseVersion: 1,
    });
    // ...then regenerates: the edited text becomes a version before the new one lands.
    const g2 = await catalog.saveGeneratedContent(undefined, id, paragraph('第二稿'), { engine: 'offline' });
    expect(g2.version).toBe(3);
    const list = await c.data<any[]>(`${P}/getCatalogContentVersionList`, { id });
    expect(list.map((v) => [v.versionNo, v.source])).toEqual([
      [3, 'ai'],
      [2, 'autosave-checkpoint'],
      [1, 'ai'],
    ]);
    expect(list[0]).toMatchObject({ engine: 'offline', name: 'AI 生成', wordCount: 3, catalogId: id });
    const d = await c.data(`${P}/getCatalogContentVersionDetail`, { id, versionId: list[1].id });
    expect(text(d.content)).toContain('第一稿（已修改）');
    const current = await c.data(`${P}/getBidCatalogDetail`, { id });
    expect(current).toMatchObject({ version: 3, status: 'done', engine: 'offline' });
    expect(text(current.content)).toContain('第二稿');
  });

  it('an unchanged regeneration source is not duplicated', async () => {
    const { id } = await chapter();
    await catalog.saveGeneratedContent(undefined, id, paragraph('稿'));
    await catalog.saveGeneratedContent(undefined, id, paragraph('稿二'));
    const list = await c.data<any[]>(`${P}/getCatalogContentVersionList`, { id });
    expect(list.map((v) => v.source)).toEqual(['ai', 'ai']);
  });

  it('restore switches to a version without losing the current text', async () => {
    const { bidId, id } = await chapter();
    await c.data(`${P}/updateBidCatalogContent`, { id, content: paragraph('早期文字'), baseVersion: 0 });
    const early = await c.data(`${P}/saveCatalogContentVersion`, { id, name: '早期' });
    expect(early.versionNo).toBe(1);
    await c.data(`${P}/updateBidCatalogContent`, { id, content: paragraph('后来的文字'), baseVersion: 1 });

    const r = await c.data(`${P}/restoreCatalogContentVersion`, { id, versionId: early.id, baseVersion: 2 });
    expect(r.version).toBe(3);
    expect(text(r.content)).toContain('早期文字');
    const list = await c.data<any[]>(`${P}/getCatalogContentVersionList`, { id });
    expect(list.map((v) => [v.versionNo, v.source, v.name])).toEqual([
      [3, 'restore', '恢复自版本 V1'],
      [2, 'autosave-checkpoint', '恢复前自动保存'],
      [1, 'manual', '早期'],
    ]);
    const kept = await c.data(`${P}/getCatalogContentVersionDetail`, { id, versionId: list[1].id });
    expect(text(kept.content)).toContain('后来的文字');
    // Switching back is just as safe.
    await c.data(`${P}/restoreCatalogContentVersion`, { id, versionId: list[1].id });
    expect(text((await c.data(`${P}/getBidCatalogDetail`, { id })).content)).toContain('后来的文字');
    await assertOutlineInvariants(s, c, bidId);
  });

  it('a restore over a newer save answers 409 when the client names its baseVersion', async () => {
    const { id } = await chapter();
    await c.data(`${P}/updateBidCatalogContent`, { id, content: paragraph('一'), baseVersion: 0 });
    const v = await c.data(`${P}/saveCatalogContentVersion`, { id });
    await c.data(`${P}/updateBidCatalogContent`, { id, content: paragraph('二'), baseVersion: 1 });
    const r = await c.call(`${P}/restoreCatalogContentVersion`, { id, versionId: v.id, baseVersion: 1 });
    expect(r.status).toBe(409);
    expect(text(r.data.content)).toContain('二');
  });

  it('an empty chapter has nothing to save as a version; an unknown version is 404', async () => {
    const { id } = await chapter();
    const r = await c.call(`${P}/saveCatalogContentVersion`, { id });
    expect([r.code, r.msg]).toEqual([601, '章节内容为空，无需保存版本']);
    const missing = await c.call(`${P}/restoreCatalogContentVersion`, { id, versionId: '123' });
    expect([missing.status, missing.msg]).toEqual([404, '版本不存在']);
  });

  it('a save long after the last version keeps the previous text as an autosave checkpoint', async () => {
    const { id } = await chapter();
    await c.data(`${P}/updateBidCatalogContent`, {
      id,
      content: paragraph('很长的一段正文'),
      baseVersion: 0,
    });
    await c.data(`${P}/updateBidCatalogContent`, {
      id,
      content: paragraph('很长的一段正文，继续写'),
      baseVersion: 1,
    });
    let list = await c.data<any[]>(`${P}/getCatalogContentVersionList`, { id });
    // No version yet: the first save over content keeps what was there.
    expect(list.map((v) => v.source)).toEqual(['autosave-checkpoint']);
    // Saves within the interval add nothing.
    await c.data(`${P}/updateBidCatalogContent`, { id, content: paragraph('误删了'), baseVersion: 2 });
    list = await c.data<any[]>(`${P}/getCatalogContentVersionList`, { id });
    expect(list).toHaveLength(1);
    // Eleven minutes later the text before the next save is kept.
    await s.built.ctx.db
      .updateTable('catalog_content_versions')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('catalog_id', '=', id)
      .execute();
    await c.data(`${P}/updateBidCatalogContent`, { id, content: paragraph('新写的'), baseVersion: 3 });
    list = await c.data<any[]>(`${P}/getCatalogContentVersionList`, { id });
    expect(list).toHaveLength(2);
    expect(
      text((await c.data(`${P}/getCatalogContentVersionDetail`, { id, versionId: list[0].id })).content),
    ).toContain('误删了');
  });
});

describe(`outline versions (${TEST_DB})`, () => {
  it('saveCatalogVersion keeps a named snapshot; list and detail show it', async () => {
    const { bidId } = await chapter();
    const v = await c.data('/bid/client/saveCatalogVersion', { bidId, name: '初稿目录' });
    const list = await c.data<any[]>('/bid/client/getBidCatalogVersionList', { bidId });
    expect(list[0]).toMatchObject({ id: v.id, name: '初稿目录', source: 'manual', chapterCount: 2, bidId });
    const d = await c.data('/bid/client/getBidCatalogVersionDetail', { id: v.id });
    expect(d.catalogs.map((n: any) => n.title)).toEqual(['技术方案', '服务承诺']);
    expect(d.catalogs[0]).toMatchObject({ level: 1, hasContent: false, children: [] });
    expect(d.catalogs[0].content).toBeUndefined();
    const empty = await newBid(c);
    const none = await c.call('/bid/client/saveCatalogVersion', { bidId: empty });
    expect([none.code, none.msg]).toEqual([601, '目录为空，无需保存版本']);
  });

  it('restoring snapshots the current outline first, then brings back the old one with removed chapters and their text', async () => {
    const bidId = await newBid(c);
    let tree = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
      bidId,
      catalogs: [{ title: '一', children: [{ title: '一.1' }] }, { title: '二' }],
    });
    const one1 = findByTitle(tree, '一.1');
    const two = findByTitle(tree, '二');
    await c.data(`${P}/updateBidCatalogContent`, {
      id: one1.id,
      content: paragraph('一点一的正文'),
      baseVersion: 0,
    });
    await c.data(`${P}/updateBidCatalogContent`, {
      id: two.id,
      content: paragraph('第二章旧文'),
      baseVersion: 0,
    });
    await c.data(`${P}/saveCatalogContentVersion`, { id: one1.id, name: '一点一存档' });
    const v1 = await c.data('/bid/client/saveCatalogVersion', { bidId, name: 'V1' });

    // Change everything: remove 一 (with content), rename 二 and rewrite it, add 三.
    await c.data(`${P}/removeBidCatalog`, { id: findByTitle(tree, '一').id });
    await c.data(`${P}/updateBidCatalogTitle`, { id: two.id, title: '二（改）' });
    await c.data(`${P}/updateBidCatalogContent`, {
      id: two.id,
      content: paragraph('第二章新文'),
      baseVersion: 1,
    });
    await c.data(`${P}/addSameLevelBidCatalog`, { bidId, title: '三' });
    expect(shape(await assertOutlineInvariants(s, c, bidId))).toBe('二（改）,三');

    const r = await c.data('/bid/client/restoreCatalogVersion', { id: v1.id });
    expect(shape(r.catalogs)).toBe('一[一.1],二');
    tree = await assertOutlineInvariants(s, c, bidId);
    expect(shape(tree)).toBe('一[一.1],二');
    // The removed chapter is back under its old id, with its text and its version history.
    const back = await c.data(`${P}/getBidCatalogDetail`, { id: one1.id });
    expect(text(back.content)).toContain('一点一的正文');
    expect(back.status).toBe('done');
    const hist = await c.data<any[]>(`${P}/getCatalogContentVersionList`, { id: one1.id });
    expect(hist.map((h) => h.name)).toContain('一点一存档');
    // A chapter that still existed keeps its current text (content has its own versions).
    expect(text((await c.data(`${P}/getBidCatalogDetail`, { id: two.id })).content)).toContain('第二章新文');
    // Progress follows: both leaves have content.
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).progress).toBe(100);

    // Nothing was lost: the outline before the restore is a version too.
    const list = await c.data<any[]>('/bid/client/getBidCatalogVersionList', { bidId });
    expect(r.backupVersionId).toBe(list[0].id);
    expect(list[0]).toMatchObject({ source: 'restore', name: '恢复「V1」前自动保存' });
    const back2 = await c.data('/bid/client/restoreCatalogVersion', { id: r.backupVersionId });
    expect(shape(back2.catalogs)).toBe('二（改）,三');
    await assertOutlineInvariants(s, c, bidId);
  });

  it('a stale editor tab on a restored chapter cannot overwrite it silently', async () => {
    const bidId = await newBid(c);
    const tree = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
      bidId,
      catalogs: [{ title: '甲' }, { title: '乙' }],
    });
    const jia = tree[0];
    await c.data(`${P}/updateBidCatalogContent`, { id: jia.id, content: paragraph('v1'), baseVersion: 0 });
    const v = await c.data('/bid/client/saveCatalogVersion', { bidId });
    await c.data(`${P}/updateBidCatalogContent`, { id: jia.id, content: paragraph('v2'), baseVersion: 1 });
    await c.data(`${P}/removeBidCatalog`, { id: jia.id });
    await c.data('/bid/client/restoreCatalogVersion', { id: v.id });
    // A tab that had loaded version 1 or 2 before the removal is stale now.
    for (const baseVersion of [1, 2]) {
      const r = await c.call(`${P}/updateBidCatalogContent`, {
        id: jia.id,
        content: paragraph('旧标签页'),
        baseVersion,
      });
      expect(r.status).toBe(409);
    }
  });
});
