import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, clientHeaders } from './helpers/test-server.ts';
import { newWriter, type Client } from './catalog-helpers.ts';
import { certificateScan, imagePdf, SAMPLE_CERTIFICATE } from './helpers/scan-fixtures.ts';

/**
 * A scanned 资质证书 read for the company library: the upload proposes the card's fields and saves
 * nothing (the writer confirms them in the form).
 */
let c: Client;

const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

async function readCertificate(bytes: Buffer, name: string) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.baseUrl}/api/company/client/readCertificate`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${c.user.token}` },
    body: fd,
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg: string; data: Record<string, string> },
  };
}

const PROPOSED = {
  name: SAMPLE_CERTIFICATE.name,
  number: SAMPLE_CERTIFICATE.number,
  issuer: SAMPLE_CERTIFICATE.issuer,
  validUntil: '2028-05-31',
};

describe('reading a scanned certificate for the company library', { timeout: 300_000 }, () => {
  it('a PNG scan (turned, noisy, sealed) proposes name, number, issuer and expiry, and saves nothing', async () => {
    const { bytes } = await certificateScan();
    const r = await readCertificate(bytes, '资质证书.png');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject(PROPOSED);
    expect(r.body.data.text).toContain(SAMPLE_CERTIFICATE.company);
    expect(await c.data('/company/client/listFacts', {})).toEqual([]);
  });

  it('a PDF scan (a JPEG page without a text layer) is read from its first page', async () => {
    const scan = await certificateScan(SAMPLE_CERTIFICATE, { format: 'jpeg', turnDeg: -0.6 });
    const r = await readCertificate(imagePdf([{ jpeg: scan.bytes, w: scan.w, h: scan.h }]), '资质证书.pdf');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject(PROPOSED);
  });

  it('a file that is neither an image nor a PDF is refused with a message', async () => {
    const r = await readCertificate(Buffer.from('证书编号：D236051234', 'utf8'), '证书.txt');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('请上传证书的图片（PNG、JPG）或 PDF 扫描件');
  });
});
