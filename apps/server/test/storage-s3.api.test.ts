import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { TOKEN_COOKIE } from '@bid/shared';
import {
  clientHeaders,
  startTestServer,
  TEST_DB,
  TEST_QUEUE,
  type TestServer,
} from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { startLocalS3, type LocalS3 } from './helpers/s3-server.ts';
import { S3Storage } from '../src/storage/s3.ts';

/** Files under DATA_DIR, relative, that are not temporary. */
function storedLocally(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(dataDir, full));
    }
  };
  for (const folder of ['uploads', 'pictures', 'exports'])
    if (fs.existsSync(path.join(dataDir, folder))) walk(path.join(dataDir, folder));
  return out.filter((f) => !f.startsWith(`uploads${path.sep}tmp`));
}

describe(`object storage (STORAGE=s3 on a local S3 server, ${TEST_DB})`, () => {
  let s3: LocalS3;
  let s: TestServer;
  let bucket: S3Storage;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    s3 = await startLocalS3('bid-storage-api');
    s = await startTestServer({ ...s3.env, S3_PREFIX: 'deploy1' });
    bucket = new S3Storage(
      {
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'deploy1',
      },
      s.dataDir,
    );
    alice = await createUserWithSession(s);
    bob = await createUserWithSession(s);
  }, 60_000);
  afterAll(async () => {
    bucket?.close();
    await s?.close();
    if (!s3Closed) await s3?.close();
  });
  let s3Closed = false;

  const auth = (u: TestUser) => ({ ...clientHeaders(), 'blade-auth': `bearer ${u.token}` });

  it('a tender upload and a picture go to the bucket, not to DATA_DIR, and come back to their owner only', async () => {
    const fd = new FormData();
    fd.append(
      'file',
      new Blob([new TextEncoder().encode('项目名称：对象存储测试项目\n一、采购需求')]),
      '招标文件.txt',
    );
    const up = await fetch(`${s.baseUrl}/api/file/client/uploadTender`, {
      method: 'POST',
      headers: auth(alice),
      body: fd,
    });
    const file = ((await up.json()) as any).data;
    expect(up.status).toBe(200);
    const row = await s.built.ctx.db
      .selectFrom('files')
      .select(['storage_path'])
      .where('id', '=', file.fileId)
      .executeTakeFirstOrThrow();
    expect(row.storage_path).toMatch(/^uploads\/\d{4}-\d{2}\/\d+\.txt$/);
    expect((await bucket.read(row.storage_path)).toString()).toContain('对象存储测试项目');

    const png = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#1d4ed8"/></svg>',
    )
      .render()
      .asPng();
    const pf = new FormData();
    pf.append('file', new Blob([new Uint8Array(png)]), '现场.png');
    const pr = await fetch(`${s.baseUrl}/api/picture/client/upload`, {
      method: 'POST',
      headers: auth(alice),
      body: pf,
    });
    const pic = ((await pr.json()) as any).data;
    expect(pr.status).toBe(200);
    const keys = await s.built.ctx.db
      .selectFrom('pictures')
      .select(['file_key', 'thumb_key'])
      .where('id', '=', pic.id)
      .executeTakeFirstOrThrow();
    expect(await bucket.exists(`pictures/${keys.file_key}`)).toBe(true);
    expect(await bucket.exists(`pictures/${keys.thumb_key}`)).toBe(true);
    expect(storedLocally(s.dataDir)).toEqual([]);

    const get = (url: string, u: TestUser) =>
      fetch(`${s.baseUrl}${url}`, { headers: { cookie: `${TOKEN_COOKIE}=${u.token}` } });
    const mine = await get(pic.url, alice);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(png)).toBe(true);
    expect((await get(pic.thumbUrl, alice)).headers.get('content-type')).toBe('image/png');
    expect((await get(pic.url, bob)).status).toBe(404);

    // Removing the picture removes its objects.
    const rm = await s.api.post('/picture/client/remove', { ids: [pic.id] }, { token: alice.token });
    expect(rm.body).toMatchObject({ success: true });
    expect(await bucket.exists(`pictures/${keys.file_key}`)).toBe(false);
    expect(await bucket.exists(`pictures/${keys.thumb_key}`)).toBe(false);
  });

  it('/api/ready names the bucket as storage and answers 500 once the bucket cannot be reached', async () => {
    const ok = await s.api.get('/ready');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({
      status: 'ready',
      database: 'ok',
      storage: 's3',
      queue: TEST_QUEUE === 'bull' ? 'redis' : 'database',
    });
  });

  it('a picture whose object is gone answers 404, not a server error', async () => {
    const png = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>')
      .render()
      .asPng();
    const pf = new FormData();
    pf.append('file', new Blob([new Uint8Array(png)]), 'a.png');
    const pic = (
      (await (
        await fetch(`${s.baseUrl}/api/picture/client/upload`, {
          method: 'POST',
          headers: auth(alice),
          body: pf,
        })
      ).json()) as any
    ).data;
    const { file_key } = await s.built.ctx.db
      .selectFrom('pictures')
      .select(['file_key'])
      .where('id', '=', pic.id)
      .executeTakeFirstOrThrow();
    await bucket.remove(`pictures/${file_key}`);
    const res = await fetch(`${s.baseUrl}${pic.url}`, {
      headers: { cookie: `${TOKEN_COOKIE}=${alice.token}` },
    });
    expect(res.status).toBe(404);
  });

  it('readiness fails, naming the storage, when the bucket is gone; liveness still answers', async () => {
    await s3.close();
    s3Closed = true;
    const r = await s.api.get('/ready');
    expect(r.status).toBe(500);
    expect(r.body.msg).toBe('服务未就绪：文件存储不可用');
    expect((await s.api.get('/health')).status).toBe(200);
  });
});
