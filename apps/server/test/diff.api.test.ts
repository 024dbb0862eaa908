import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import { makeDocx } from '../src/diff/fixtures.ts';
import { bidText, mutate, picture, resize, toJpeg, toPng } from '../src/diff/testing.ts';
import { endpoints } from '@bid/shared';
import { clientHeaders, startTestServer, type TestServer } from './helpers/test-server.ts';
import { newBid, newWriter, type Client } from './catalog-helpers.ts';
import { DiffRepo } from '../src/modules/diff/repo.ts';
import { bidWith, uploadFile as uploadTo, uploadPicture as pictureTo } from './diff-helpers.ts';

/**
 * 查重 through the API: two of the user's bids (text and picture-library images) and two uploaded
 * DOCX files (text, word/media pictures, properties); ownership, validation, export and removal.
 */

let s: TestServer;
let a: Client;
let b: Client;
const own = bidText(41, 4000);
const other = bidText(42, 4000);
const third = bidText(43, 3000);
const logo = picture(640, 480, 1);
const uploadFile = (c: Client, name: string, buf: Buffer) => uploadTo(s, c, name, buf);
const uploadPicture = (c: Client, name: string, buf: Buffer) => pictureTo(s, c, name, buf);

async function waitDone(c: Client, id: string) {
  for (let i = 0; i < 300; i++) {
    const d = await s.api.call(endpoints.diffDetail, { id }, c.user.token);
    if (d.status === 'done' || d.status === 'failed') return d;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error('diff did not finish');
}

let bid1: string;
let bid2: string;
let file1: string;
let file2: string;

beforeAll(async () => {
  s = await startTestServer();
  a = await newWriter(s);
  b = await newWriter(s);
  const png = await uploadPicture(a, '总平面布置.png', toPng(logo));
  const jpg = await uploadPicture(a, '总平面布置-缩小.jpg', toJpeg(resize(logo, 320, 240), 70));
  const unrelated = await uploadPicture(a, '组织机构.png', toPng(picture(400, 300, 4)));
  // A picture pasted into the editor is stored in the chapter as a data: URL.
  const pasted = `data:image/png;base64,${toPng(resize(logo, 400, 300, 0.02)).toString('base64')}`;
  bid1 = await bidWith(a, '甲公司技术标', own, [png]);
  // Bid 2: paragraph 3 copied with 10 % of its characters changed, paragraphs 5 and 6 in the other order.
  bid2 = await bidWith(
    a,
    '乙公司技术标',
    [...other.slice(0, 3), mutate(own[3], 0.1, 9), ...other.slice(3), own[6], own[5]],
    [unrelated, jpg, pasted],
  );
  const meta = {
    lastModifiedBy: '王工',
    company: '某某咨询有限公司',
    created: '2025-05-01T09:00:00Z',
    rsids: ['00112233', '00AABBCC'],
  };
  file1 = await uploadFile(
    a,
    '丙公司投标文件.docx',
    makeDocx({
      paragraphs: [...third.slice(0, 4), own[8]],
      creator: '丙',
      ...meta,
      images: [{ name: 'image1.png', data: toPng(resize(logo, 500, 375)) }],
    }),
  );
  file2 = await uploadFile(
    a,
    '丁公司投标文件.docx',
    makeDocx({ paragraphs: bidText(44, 2000), creator: '丁', ...meta }),
  );
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('diff/client', () => {
  let id: string;

  it('compares bids and uploads in a job and reports passages, pictures and properties', async () => {
    const created = await a.call('/diff/client/create', {
      name: '投标前自查',
      bidIds: [bid1, bid2],
      fileIds: [file1, file2],
    });
    expect(created.code).toBe(200);
    id = created.data.id;
    const d = await waitDone(a, id);
    expect(d.status).toBe('done');
    expect(d.progress).toBe(100);
    expect(d.documents.map((x: { key: string; name: string }) => `${x.key}:${x.name}`)).toEqual([
      'A:甲公司技术标',
      'B:乙公司技术标',
      'C:丙公司投标文件.docx',
      'D:丁公司投标文件.docx',
    ]);

    const ab = d.passages.filter((p: any) => p.a.key === 'A' && p.b.key === 'B');
    const textA = d.documents[0].text as string;
    const textB = d.documents[1].text as string;
    // The mutated copy and both reordered paragraphs, each highlighted on both sides.
    for (const para of [own[3], own[5], own[6]]) {
      const at = textA.indexOf(para);
      expect(ab.some((p: any) => p.a.start <= at + 5 && p.a.end >= at + para.length - 5)).toBe(true);
    }
    for (const p of ab) {
      expect(textA.slice(p.a.start, p.a.end).length).toBeGreaterThan(15);
      expect(textB.slice(p.b.start, p.b.end).length).toBeGreaterThan(15);
      expect(p.similarity).toBeGreaterThan(0.7);
    }
    expect(
      d.passages.some(
        (p: any) => p.a.key === 'A' && p.b.key === 'C' && p.a.text.includes(own[8].slice(0, 20)),
      ),
    ).toBe(true);

    // The resized JPEG and the pasted, lightly cropped copy in bid 2 and the DOCX picture match the PNG of bid 1; the unrelated one matches nothing.
    const pairs = d.images.map((m: any) => `${m.a.key}${m.a.index}-${m.b.key}${m.b.index}`);
    expect(pairs).toEqual(expect.arrayContaining(['A0-B1', 'A0-B2', 'A0-C0', 'B1-C0']));
    expect(pairs.some((p: string) => p.includes('B0'))).toBe(false);
    expect(d.images[0].a.thumb).toMatch(/^data:image\/png;base64,/);

    expect(d.metadata).toEqual(
      expect.arrayContaining([
        { field: '最后修改者', value: '王工', keys: ['C', 'D'] },
        { field: '公司', value: '某某咨询有限公司', keys: ['C', 'D'] },
        { field: '创建时间', value: '2025-05-01T09:00:00Z', keys: ['C', 'D'] },
        expect.objectContaining({ field: '修订标识（rsid）', keys: ['C', 'D'] }),
      ]),
    );
    expect(d.metadata.some((m: any) => m.field === '作者')).toBe(false);

    const score = (x: string, y: string) => d.pairs.find((p) => p.a === x && p.b === y)?.score ?? -1;
    expect(score('A', 'B')).toBeGreaterThan(5);
    // Unrelated documents score near zero.
    expect(score('B', 'D')).toBeLessThanOrEqual(2);
    expect(score('C', 'D')).toBeLessThanOrEqual(2);
    expect(d.score).toBe(Math.max(...d.pairs.map((p: any) => p.score)));
  }, 60_000);

  it('lists the comparison in the history', async () => {
    const r = await s.api.call(endpoints.diffList, { current: 1, size: 10 }, a.user.token);
    expect(r.total).toBe(1);
    expect(r.records[0]).toMatchObject({ id, name: '投标前自查', status: 'done' });
    expect((await s.api.call(endpoints.diffList, {}, b.user.token)).total).toBe(0);
  });

  it('exports the report to Word', async () => {
    const res = await fetch(`${s.baseUrl}/api/diff/client/export`, {
      method: 'POST',
      headers: {
        ...clientHeaders(),
        'blade-auth': `bearer ${a.user.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('wordprocessingml');
    const files = unzip(new Uint8Array(await res.arrayBuffer()));
    const xml = Buffer.from(files.get('word/document.xml')!).toString('utf8');
    expect(xml).toContain('查重概要');
    expect(xml).toContain('相似段落');
    expect(xml).toContain('某某咨询有限公司');
    expect([...files.keys()].some((n) => n.startsWith('word/media/'))).toBe(true);
  });

  it('refuses bad input with a clear message and foreign ids with 404', async () => {
    const one = await a.call('/diff/client/create', { bidIds: [bid1] });
    expect(one.status).toBe(400);
    expect(one.msg).toContain('请选择 2 到 5 份文件');
    const dup = await a.call('/diff/client/create', { bidIds: [bid1, bid1] });
    expect(dup.status).toBe(400);
    expect(dup.msg).toBe('同一份文件不能重复选择');
    const six = await a.call('/diff/client/create', {
      bidIds: [bid1, bid2, '1', '2'],
      fileIds: [file1, file2],
    });
    expect(six.status).toBe(400);
    const foreignBid = await b.call('/diff/client/create', {
      bidIds: [bid1],
      fileIds: [await uploadFile(b, '自己的.docx', makeDocx({ paragraphs: other }))],
    });
    expect(foreignBid.status).toBe(404);
    const foreignFile = await b.call('/diff/client/create', { bidIds: [await newBid(b)], fileIds: [file1] });
    expect(foreignFile.status).toBe(404);
    expect((await s.api.get('/diff/client/detail', { id }, { token: b.user.token })).status).toBe(404);
    expect((await b.call('/diff/client/export', { id })).status).toBe(404);
    expect((await b.call('/diff/client/remove', { id })).status).toBe(404);
    expect((await s.api.get('/diff/client/detail', { id: 'nope' }, { token: a.user.token })).status).toBe(
      404,
    );
    const listed = await s.api.get('/diff/client/list', {}, { token: a.user.token });
    expect(listed.body.data.total).toBe(1);
  });

  it('leaves out text quoted from the tender', async () => {
    const tender = bidText(45, 1500);
    const tenderId = await uploadFile(a, '招标文件.docx', makeDocx({ paragraphs: tender }));
    const x = await uploadFile(a, '戊.docx', makeDocx({ paragraphs: [...bidText(46, 1500), tender[2]] }));
    const y = await uploadFile(a, '己.docx', makeDocx({ paragraphs: [tender[2], ...bidText(47, 1500)] }));
    const withTender = await waitDone(
      a,
      (await a.data('/diff/client/create', { fileIds: [x, y], tenderFileId: tenderId })).id,
    );
    const without = await waitDone(a, (await a.data('/diff/client/create', { fileIds: [x, y] })).id);
    expect(without.passages.length).toBeGreaterThan(0);
    expect(withTender.passages).toHaveLength(0);
    expect(withTender.tenderExcluded).toBe(true);
  }, 60_000);

  it('reads as failed when its job ended without a result', async () => {
    const { db, services } = s.built.ctx;
    // A job no worker handles, then given up: what a job that kept crashing its process ends as.
    const job = await services.jobs.enqueue('diff.test-orphan', {});
    await db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', job.id).execute();
    const now = new Date().toISOString();
    const orphan = `orphan${Date.now()}`;
    await new DiffRepo(db).insert({
      id: orphan,
      user_id: a.user.userId,
      tenant_id: a.user.tenantId,
      name: '中断的查重',
      status: 'running',
      progress: 40,
      stage: '正在比对文字',
      error: null,
      score: 0,
      inputs: JSON.stringify({
        actor: { userId: a.user.userId, tenantId: a.user.tenantId, role: 'personal' },
        docs: [],
        tenderFileId: null,
        jobId: job.id,
      }),
      result: null,
      created_at: now,
      updated_at: now,
    });
    const d = (await s.api.get('/diff/client/detail', { id: orphan }, { token: a.user.token })).body.data;
    expect(d.status).toBe('failed');
    expect(d.error).toBe('查重失败，请稍后重试');
  });

  it('removes a comparison', async () => {
    expect((await a.call('/diff/client/remove', { id })).code).toBe(200);
    expect((await s.api.get('/diff/client/detail', { id }, { token: a.user.token })).status).toBe(404);
  });
});
