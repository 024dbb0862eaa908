import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, type TenderAnalysis } from '@bid/shared';
import { TEST_DB, useTestServer, clientHeaders } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';
import { client, newWriter, type Client } from './catalog-helpers.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import { makeBrokenPdf, makeDocxBomb, makePdf, numberedDocx } from './helpers/file-fixtures.ts';

const LIMIT_MB = 3;
let c: Client;

const s = useTestServer({ UPLOAD_LIMIT: String(LIMIT_MB * 1024 * 1024) });
beforeAll(async () => {
  c = await newWriter(s);
});

async function upload(token: string, name: string, buf: Buffer, field = 'file') {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(buf)]), name);
  const res = await fetch(`${s.baseUrl}/api/file/client/uploadTender`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${token}` },
    body: fd,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Uploads while pinging /api/health: the parse must not block the server. */
async function uploadWhilePinging(name: string, buf: Buffer) {
  let slowest = 0;
  let pings = 0;
  let stop = false;
  const pinger = (async () => {
    while (!stop) {
      const t = Date.now();
      const r = await fetch(`${s.baseUrl}/api/health`);
      expect(r.status).toBe(200);
      slowest = Math.max(slowest, Date.now() - t);
      pings += 1;
      await new Promise((r2) => setTimeout(r2, 50));
    }
  })();
  const started = Date.now();
  const r = await upload(c.user.token, name, buf);
  const elapsed = Date.now() - started;
  stop = true;
  await pinger;
  return { ...r, elapsed, slowest, pings };
}

const tenderLines = fs
  .readFileSync(new URL('../src/ai/fixtures/tender-it-gov.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim());

describe(`tender uploads (${TEST_DB})`, () => {
  it('a PDF: text read through the CJK cMaps, then analysed and used by a bid', async () => {
    const pages = [tenderLines.slice(0, 45), tenderLines.slice(45)];
    const r = await upload(c.user.token, '滨江招标文件.pdf', makePdf(pages));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: '滨江招标文件.pdf', kind: 'pdf', pages: 2 });
    expect(r.body.data.preview).toContain('滨江市政务服务数据共享平台建设项目');
    const fileId = r.body.data.fileId;

    const started = await c.data('/ai/chat/start-analysis', { fileId });
    const report = await waitForInterpretation(s, c.user.token, started.id);
    expect(report.name).toBe('滨江招标文件');
    expect(report.analysis?.project.name).toBe('滨江市政务服务数据共享平台建设项目');
    expect(report.analysis?.scoringItems.length).toBe(10);

    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '来自文件',
      modelType: 'standard',
      fileId,
    });
    await c.data('/ai/client/aiGetBidCatalog', { bidId });
    const analysis = (await c.data('/bid/client/getBidDetail', { id: bidId })).analysis as TenderAnalysis;
    expect(analysis.scoringItems).toHaveLength(10);
  });

  it('a DOCX keeps its heading numbers; a DOC and a GBK text file are read', async () => {
    const d = await upload(c.user.token, '招标文件.docx', await numberedDocx());
    expect(d.status).toBe(200);
    expect(d.body.data.kind).toBe('docx');
    expect(d.body.data.preview).toContain('第一章 招标公告');
    expect(d.body.data.headings[0]).toEqual({ level: 1, text: '第一章 招标公告' });

    const doc = await upload(
      c.user.token,
      '旧版.doc',
      fs.readFileSync(new URL('../src/ai/fixtures/tender-sample.doc', import.meta.url)),
    );
    expect(doc.status).toBe(200);
    expect(doc.body.data.preview).toContain('测试学校食堂改造工程');

    const gbk = await upload(
      c.user.token,
      'gbk.txt',
      iconv.encode('项目名称：某某物业服务项目\n采购人：某某医院', 'gbk'),
    );
    expect(gbk.status).toBe(200);
    expect(gbk.body.data.preview).toContain('某某物业服务项目');
  });

  it(
    'malformed, encrypted and oversized PDFs, a zip bomb and a renamed binary get a clear message within 10 s, the server answering all along',
    { timeout: 120_000 },
    async () => {
      const cases: Array<[string, Buffer, number, string[]]> = [
        ['坏文件.pdf', makeBrokenPdf(), 400, [FILE_MESSAGES.pdfBroken, FILE_MESSAGES.pdfNoText]],
        ['加密.pdf', makePdf([['保密文件']], { encrypted: true }), 400, [FILE_MESSAGES.pdfEncrypted]],
        [
          '超大.pdf',
          makePdf([['很大的文件']], { padBytes: (LIMIT_MB + 1) * 1024 * 1024 }),
          413,
          [FILE_MESSAGES.tooLarge(LIMIT_MB)],
        ],
        ['炸弹.docx', await makeDocxBomb(260 * 1024 * 1024, true), 400, [FILE_MESSAGES.docxBomb]],
        ['炸弹2.docx', await makeDocxBomb(260 * 1024 * 1024, false), 400, [FILE_MESSAGES.docxBomb]],
        ['改名.txt', randomBytes(256 * 1024), 400, [FILE_MESSAGES.binaryText]],
      ];
      for (const [name, buf, status, messages] of cases) {
        const r = await uploadWhilePinging(name, buf);
        expect(r.status, name).toBe(status);
        expect(r.body.success, name).toBe(false);
        expect(messages, name).toContain(r.body.msg);
        expect(r.elapsed, name).toBeLessThan(10_000);
        expect(r.slowest, name).toBeLessThan(1_500);
        expect(r.pings, name).toBeGreaterThan(0);
      }
      // Still serving uploads afterwards.
      expect((await upload(c.user.token, 'ok.txt', Buffer.from('项目名称：收尾测试'))).status).toBe(200);
    },
  );

  it('refuses a request without the file field and a type it does not read', async () => {
    const r = await upload(c.user.token, 'a.txt', Buffer.from('abc'), 'other');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(FILE_MESSAGES.noFile);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(100),
    ]);
    const p = await upload(c.user.token, 'a.png', png);
    expect(p.status).toBe(400);
  });

  it("another user's file is missing (404) for analysis and detail", async () => {
    const mine = await upload(c.user.token, 'mine.txt', Buffer.from('项目名称：私有项目'));
    const other = client(s, await createUserWithSession(s));
    expect((await other.call('/ai/chat/start-analysis', { fileId: mine.body.data.fileId })).code).toBe(404);
    expect((await other.call('/file/client/detail', { id: mine.body.data.fileId })).code).toBe(404);
    expect((await c.call('/file/client/detail', { id: mine.body.data.fileId })).data.name).toBe('mine.txt');
  });
});
