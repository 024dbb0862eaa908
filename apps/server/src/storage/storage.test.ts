import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/helpers/s3-server.ts';
import { LocalStorage, StorageNotFound, checkKey, keyOfStoredPath, type Storage } from './storage.ts';
import { S3Storage } from './s3.ts';
import { migrateDataDir } from './migrate.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bid-storage-'));

/** A stream of `parts` chunks of 1 MB made as it is read (the test holds no whole file either). */
function bigStream(parts: number): { stream: Readable; sha: string } {
  const chunk = (i: number) => Buffer.alloc(1024 * 1024, i % 251);
  const hash = createHash('sha256');
  for (let i = 0; i < parts; i++) hash.update(chunk(i));
  function* gen() {
    for (let i = 0; i < parts; i++) yield chunk(i);
  }
  return { stream: Readable.from(gen()), sha: hash.digest('hex') };
}

async function shaOf(r: Readable): Promise<{ sha: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const c of r) {
    hash.update(c as Buffer);
    size += (c as Buffer).length;
  }
  return { sha: hash.digest('hex'), size };
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
}, 60_000);
afterAll(async () => {
  await s3?.close();
});

function s3Storage(prefix?: string): S3Storage {
  return new S3Storage(
    {
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    },
    tmp(),
  );
}

const backends: Array<[string, () => Storage]> = [
  ['local disk', () => new LocalStorage(tmp())],
  ['S3 (local s3rver)', () => s3Storage(`run-${Date.now()}`)],
];

describe.each(backends)('Storage on %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('stores a 12 MB stream in parts and gives the same bytes back as a stream', async () => {
    const { stream, sha } = bigStream(12);
    await storage.put('uploads/2026-11/big.pdf', stream, 'application/pdf');
    expect(await storage.exists('uploads/2026-11/big.pdf')).toBe(true);
    expect(await shaOf(await storage.get('uploads/2026-11/big.pdf'))).toEqual({
      sha,
      size: 12 * 1024 * 1024,
    });
  }, 60_000);

  it('reads, replaces and removes a small object; a missing key is StorageNotFound', async () => {
    await storage.put('pictures/1/2/a.png', Buffer.from('one'));
    await storage.put('pictures/1/2/a.png', Buffer.from('two'));
    expect((await storage.read('pictures/1/2/a.png')).toString()).toBe('two');
    await storage.remove('pictures/1/2/a.png');
    await storage.remove('pictures/1/2/a.png');
    expect(await storage.exists('pictures/1/2/a.png')).toBe(false);
    await expect(storage.read('pictures/1/2/a.png')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.get('pictures/1/2/a.png')).rejects.toBeInstanceOf(StorageNotFound);
  });

  it('stores a local file and lends a local path to path-reading parsers', async () => {
    const dir = tmp();
    const file = path.join(dir, 'up');
    fs.writeFileSync(file, '招标文件内容');
    await storage.putFile('uploads/2026-11/x.txt', file);
    const seen = await storage.withLocalFile('uploads/2026-11/x.txt', async (p) =>
      fs.readFileSync(p, 'utf8'),
    );
    expect(seen).toBe('招标文件内容');
    await expect(storage.withLocalFile('uploads/none.txt', async () => 1)).rejects.toBeInstanceOf(
      StorageNotFound,
    );
  });

  it('refuses keys that would leave their place', async () => {
    for (const bad of ['../etc/passwd', '/abs', 'a/../../b', 'a\\b', '', 'a//b'])
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
  });

  it('is reachable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('keys', () => {
  it('maps the paths older rows stored to keys', () => {
    expect(keyOfStoredPath('/data', '/data/exports/1.docx')).toBe('exports/1.docx');
    expect(keyOfStoredPath('/data', 'uploads/2026-01/1.pdf')).toBe('uploads/2026-01/1.pdf');
    expect(() => keyOfStoredPath('/data', '/etc/passwd')).toThrow();
    expect(checkKey('pictures/7/8/9.thumb.png')).toBe('pictures/7/8/9.thumb.png');
  });
});

describe('migrating a DATA_DIR into a bucket', () => {
  it('copies uploads, pictures and exports under the same keys, skips temporary files, can run again and remove local files', async () => {
    const dataDir = tmp();
    const put = (rel: string, body: string) => {
      fs.mkdirSync(path.dirname(path.join(dataDir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, rel), body);
    };
    put('uploads/2026-10/1.pdf', '%PDF-1');
    put('uploads/2026-10/1.pdf.ocr.json', '[]');
    put('uploads/invoices/2026-10/9-1.pdf', '%PDF-inv');
    put('uploads/tmp/partial', 'half');
    put('pictures/1/2/3.png', 'png');
    put('exports/5.docx', 'docx');
    put('pictures/1/2/4.png.ab12.tmp', 'half');
    put('bid.sqlite', 'db');
    const target = s3Storage(`mig-${Date.now()}`);

    const first = await migrateDataDir(dataDir, target);
    expect(first).toMatchObject({ copied: 5, skipped: 0, removed: 0 });
    for (const key of [
      'uploads/2026-10/1.pdf',
      'uploads/2026-10/1.pdf.ocr.json',
      'uploads/invoices/2026-10/9-1.pdf',
      'pictures/1/2/3.png',
      'exports/5.docx',
    ])
      expect(await target.exists(key)).toBe(true);
    expect((await target.read('uploads/invoices/2026-10/9-1.pdf')).toString()).toBe('%PDF-inv');
    expect(await target.exists('uploads/tmp/partial')).toBe(false);
    expect(await target.exists('bid.sqlite')).toBe(false);

    const again = await migrateDataDir(dataDir, target, { removeLocal: true });
    expect(again).toMatchObject({ copied: 0, skipped: 5, removed: 5 });
    expect(fs.existsSync(path.join(dataDir, 'pictures/1/2/3.png'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'bid.sqlite'))).toBe(true);
  }, 60_000);
});
