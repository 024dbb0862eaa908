import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, clientHeaders } from './helpers/test-server.ts';
import { newWriter, type Client } from './catalog-helpers.ts';
import type { UploadedFile, UploadProgress } from '@bid/shared';
import { garbledPdf, pdfPages } from './helpers/scan-fixtures.ts';

/** An upload whose text layer is garbled is read by OCR, with its progress asked while it runs. */
let c: Client;

const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

const headers = () => ({ ...clientHeaders(), 'blade-auth': `bearer ${c.user.token}` });

async function progressOf(token: string) {
  const r = await fetch(`${s.baseUrl}/api/file/client/uploadProgress`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return ((await r.json()) as { data: UploadProgress }).data;
}

describe('uploading a PDF whose pages need OCR', { timeout: 600_000 }, () => {
  it('reads the garbled page by OCR, reports its progress while reading and names it in the answer', async () => {
    const original = fs.readFileSync(path.resolve(import.meta.dirname, 'corpus/t02.pdf'));
    const fd = new FormData();
    const token = 'ocr-test-token-1';
    fd.append('progress', token);
    fd.append('file', new Blob([new Uint8Array(garbledPdf(pdfPages(original, [2])))]), '乱码招标文件.pdf');
    const seen: Array<NonNullable<UploadProgress>> = [];
    let finished = false;
    const poller = (async () => {
      while (!finished) {
        const p = await progressOf(token);
        if (p) seen.push(p);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const res = await fetch(`${s.baseUrl}/api/file/client/uploadTender`, {
      method: 'POST',
      headers: headers(),
      body: fd,
    });
    finished = true;
    await poller;
    const body = (await res.json()) as { data: UploadedFile };
    expect(res.status).toBe(200);
    expect(body.data.ocrPages).toEqual([1]);
    // The page is named for what it is, a text layer no one can read, not a scan.
    const garbled = [{ page: 1, reason: 'garbled' }];
    expect(body.data.ocrReasons).toEqual(garbled);
    expect(body.data.preview).toMatch(/[\u4e00-\u9fff]{10}/);
    expect(seen[0]).toEqual({ ocrPages: [1], ocrReasons: garbled, done: 0, total: 1 });
    // The progress is gone once the upload answered.
    expect(await progressOf(token)).toBeNull();

    // The page read by OCR can be shown (its passages' boxes are on this image); only to its owner.
    const image = (page: number, token = c.user.token) =>
      fetch(`${s.baseUrl}/api/file/client/pageImage/${body.data.fileId}/${page}`, {
        headers: { ...clientHeaders(), 'blade-auth': `bearer ${token}` },
      });
    const own = await image(1);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await own.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await image(2)).status).toBe(404);
    const other = await newWriter(s);
    expect((await image(1, other.user.token)).status).toBe(404);
  });
});
