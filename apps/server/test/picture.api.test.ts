import { beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { endpoints, PICTURE_LIMITS, TOKEN_COOKIE, type RequestOf } from '@bid/shared';
import { useTestServer, clientHeaders } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { makeThumbnail } from '../src/modules/picture/storage.ts';
import { Rasterizer } from '../src/modules/picture/raster.ts';
import { dimensionsOf, sniffType, svgRisk } from '../src/modules/picture/image-types.ts';

// Small real images (made once with Chromium's canvas): a 64x48 JPEG and WebP, a 1x1 GIF.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAwAEADASIAAhEBAxEB/8QAGAABAQEBAQAAAAAAAAAAAAAABAIHBgD/xAAeEAADAAEFAQEAAAAAAAAAAAAAAgMBBQcRg8MIhP/EABgBAQEBAQEAAAAAAAAAAAAAAAUGBAcD/8QAGhEBAQEBAQEBAAAAAAAAAAAAAwAEAQIREv/aAAwDAQACEQMRAD8A4aaiZqTNRU1L7S0KR1TUTNSZoJmoDpaQI65qJmpM1EzQA0vIkdU0FTUiaipqA6WkSO4SaiZqTNRU1OiaXpkjth+escY1/wDP6GxGQ/P2OMa90ehrxOv6/Xvvbbznzny8ZdvdjnOi9/maiZlvTjnOjd3mYtfr8l3t75+fU5yzGaiZqTNRM1JPQ08R3CTUVNSJqKmp0TS9NEdU1EzQmaCZqA6GkCOuaiZqTNRM1AdLSJHXNBM1JmomagOlpEjv/9k=',
  'base64',
);
const WEBP = Buffer.from(
  'UklGRswCAABXRUJQVlA4WAoAAAAgAAAAPwAALwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDgg3gAAADAIAJ0BKkAAMAA+bTCURyQioiutVmgBcA2JZgGEAbCIRCK/AeZjXX8pjL0X/ugDR9xmbL6E2TCQGrD/RvQ25w3ydxQWFSIGwLHAAP7uiFKX8x/9KBXpo1slqIfv745IZHys4C1aVi01J4VCtz+xm+0PYDoElxfnYUv+xt9f72I3bW85C/p84nIfcznrkicRkUUPFDAnlf9m9nHjJ8jcWytBRMxJKAfvLHnLrovg0QWmGrrI4PB4Z6oC8WH7bKaY1UhnS46OvvVMs5SGHfEg27Ka6It1EKHp6hnkdHBAAA==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function pngOf(width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#1d4ed8"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`;
  return new Resvg(svg).render().asPng();
}

describe('picture library', () => {
  let alice: TestUser;
  let bob: TestUser;

  const s = useTestServer();
  beforeAll(async () => {
    alice = await createUserWithSession(s);
    bob = await createUserWithSession(s);
  });

  async function upload(
    user: TestUser,
    bytes: Buffer,
    fileName: string,
    fields: Record<string, string> = {},
    fieldName = 'file',
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(fieldName, new Blob([new Uint8Array(bytes)]), fileName);
    const res = await fetch(`${s.baseUrl}/api/picture/client/upload`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${user.token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** What an <img> tag sends: only the cookie. */
  function getWithCookie(url: string, user: TestUser | null, headers: Record<string, string> = {}) {
    return fetch(`${s.baseUrl}${url}`, {
      headers: { ...(user ? { cookie: `${TOKEN_COOKIE}=${user.token}` } : {}), ...headers },
    });
  }

  it('stores a PNG with name and tags, serves it and a thumbnail through the cookie', async () => {
    const png = pngOf(800, 600);
    const r = await upload(alice, png, 'site-photo.png', { name: '施工现场 全景', tags: '现场,施工，安全' });
    expect(r.status).toBe(200);
    const item = r.body.data;
    expect(item).toMatchObject({
      name: '施工现场 全景',
      tags: ['现场', '施工', '安全'],
      type: 'png',
      width: 800,
      height: 600,
      size: png.length,
    });
    expect(item.thumbUrl).toBe(`/api/picture/client/thumb/${item.id}`);

    const file = await getWithCookie(item.url, alice);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const again = await getWithCookie(item.url, alice, { 'if-none-match': file.headers.get('etag')! });
    expect(again.status).toBe(304);

    const thumb = await getWithCookie(item.thumbUrl, alice);
    expect(thumb.status).toBe(200);
    const tb = Buffer.from(await thumb.arrayBuffer());
    expect(dimensionsOf('png', tb)).toEqual({ width: PICTURE_LIMITS.thumbPx, height: 270 });
  });

  it('detects JPEG, GIF and WebP by their bytes whatever the file is called', async () => {
    const j = await upload(alice, JPEG, 'photo.png');
    expect(j.body.data).toMatchObject({
      type: 'jpeg',
      mime: 'image/jpeg',
      width: 64,
      height: 48,
      name: 'photo',
    });
    const g = await upload(alice, GIF, 'anim.jpg');
    expect(g.body.data).toMatchObject({ type: 'gif', width: 1, height: 1 });
    const w = await upload(alice, WEBP, 'x.webp');
    expect(w.body.data).toMatchObject({ type: 'webp', width: 64, height: 48 });
    // Small pictures and formats resvg cannot decode are shown as the original, scaled by CSS.
    expect(w.body.data.thumbUrl).toBe(w.body.data.url);
  });

  it('makes JPEG thumbnails with resvg', async () => {
    const raster = new Rasterizer();
    const thumb = await makeThumbnail(raster, 'jpeg', JPEG, { width: 720, height: 540 }).finally(() =>
      raster.close(),
    );
    expect(thumb).not.toBeNull();
    expect(dimensionsOf('png', thumb!)).toEqual({ width: 360, height: 270 });
  });

  it('refuses a non-image with a clear message', async () => {
    const r = await upload(alice, Buffer.from('这不是图片，只是一段文字'), 'fake.png');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 400,
      success: false,
      msg: '只能上传 PNG、JPEG、GIF、WebP 或 SVG 图片',
    });
    const pdf = await upload(alice, Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj'), 'doc.jpg');
    expect(pdf.status).toBe(400);
    const empty = await upload(alice, Buffer.alloc(0), 'empty.png');
    expect(empty.body.msg).toBe('图片文件是空的');
  });

  it('refuses an oversized image with 413 naming the limit', async () => {
    const big = Buffer.alloc(PICTURE_LIMITS.maxBytes + 1024);
    pngOf(10, 10).copy(big);
    const r = await upload(alice, big, 'huge.png');
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 413, msg: '图片不能超过 10 MB' });
  });

  it('refuses SVGs that could run script or load something, keeps a clean one behind a CSP', async () => {
    const cases: Array<[string, string]> = [
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', '脚本'],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
        '事件属性',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
        'foreignObject',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="jav&#x09;ascript:alert(1)"><text>x</text></a></svg>',
        'javascript',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.invalid/p.png"/></svg>',
        '外部资源',
      ],
      [
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
        '实体声明',
      ],
    ];
    for (const [svg, why] of cases) {
      const r = await upload(alice, Buffer.from(svg), 'bad.svg');
      expect(r.status, svg).toBe(400);
      expect(r.body.msg).toContain('SVG 图片包含不安全的内容');
      expect(r.body.msg).toContain(why);
    }
    const clean =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200"><rect width="400" height="200" rx="12" fill="#eff6ff"/><text x="20" y="100" font-size="40">组织架构图</text></svg>';
    const ok = await upload(alice, Buffer.from(clean), '架构.svg', { tags: '组织机构' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ type: 'svg', width: 400, height: 200, name: '架构' });
    const served = await getWithCookie(ok.body.data.url, alice);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const thumb = await getWithCookie(ok.body.data.thumbUrl, alice);
    expect(thumb.headers.get('content-type')).toBe('image/png');
  });

  it('keeps each library private: another user gets 404, no cookie gets 401', async () => {
    const mine = (await upload(alice, pngOf(40, 40), 'private.png')).body.data;
    expect((await getWithCookie(mine.url, bob)).status).toBe(404);
    expect((await getWithCookie(mine.url, null)).status).toBe(401);
    const upd = await s.api.post(
      '/picture/client/update',
      { id: mine.id, name: '偷改' },
      { token: bob.token },
    );
    expect(upd.status).toBe(404);
    const del = await s.api.post('/picture/client/remove', { id: mine.id }, { token: bob.token });
    expect(del.status).toBe(404);
    const list = await s.api.post('/picture/client/list', {}, { token: bob.token });
    expect(list.body.data.records.map((p: { id: string }) => p.id)).not.toContain(mine.id);
  });

  it('searches by keywords over name and tags, filters by tag and counts tags', async () => {
    await upload(bob, pngOf(20, 20), 'a.png', { name: '塔吊安装示意', tags: '起重设备,安全' });
    await upload(bob, pngOf(20, 20), 'b.png', { name: '项目组织机构', tags: '组织机构' });
    await upload(bob, pngOf(20, 20), 'c.png', { name: 'BIM Model 总图', tags: '["BIM","总平面"]' });
    // Typed by the endpoint table: each answer is parsed by the row's response schema.
    const list = (q: RequestOf<typeof endpoints.pictureList>) =>
      s.api.call(endpoints.pictureList, q, bob.token);
    const byName = await list({ keyword: '塔吊' });
    expect(byName.records.map((p) => p.name)).toEqual(['塔吊安装示意']);
    expect((await list({ keyword: '组织' })).total).toBe(1);
    expect((await list({ keyword: 'bim 总' })).records.map((p) => p.name)).toEqual(['BIM Model 总图']);
    expect((await list({ tag: '安全' })).records).toHaveLength(1);
    expect((await list({ keyword: '%' })).total).toBe(0);
    const tags = await s.api.call(endpoints.pictureTags, undefined, bob.token);
    expect(tags).toEqual(
      expect.arrayContaining([
        { tag: '安全', count: 1 },
        { tag: 'BIM', count: 1 },
      ]),
    );
    const page = await list({ current: 2, size: 2 });
    expect(page).toMatchObject({ total: 3, current: 2, size: 2, pages: 2 });
    expect(page.records).toHaveLength(1);
  });

  it('renames, retags and deletes (rows and files)', async () => {
    const p = (await upload(alice, pngOf(500, 400), 'old.png')).body.data;
    const upd = await s.api.call(
      endpoints.pictureUpdate,
      { id: p.id, name: '新名称', tags: ['质量', '质量', ' 检测 '] },
      alice.token,
    );
    expect(upd).toMatchObject({ name: '新名称', tags: ['质量', '检测'] });
    const bad = await s.api.post('/picture/client/update', { id: p.id, name: '   ' }, { token: alice.token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('图片名称不能为空');
    // Through the storage: the files are on the disk or in the bucket (TEST_STORAGE=s3).
    const storage = s.built.ctx.services.storage;
    const dir = `pictures/${alice.tenantId}/${alice.userId}`;
    const stored = async () =>
      (
        await Promise.all([`${dir}/${p.id}.png`, `${dir}/${p.id}.thumb.png`].map((k) => storage.exists(k)))
      ).filter(Boolean).length;
    expect(await stored()).toBe(2);
    expect(await s.api.call(endpoints.pictureRemove, { ids: [p.id] }, alice.token)).toEqual({ removed: 1 });
    expect(await stored()).toBe(0);
    expect((await getWithCookie(p.url, alice)).status).toBe(404);
  });

  it('refuses to delete a picture a chapter shows or a feedback screenshot, naming where, and deletes nothing', async () => {
    const carol = await createUserWithSession(s, { quota: { bid_number: 2 } });
    const pic = (await upload(carol, pngOf(120, 90), '组织架构图.png')).body.data;
    const spare = (await upload(carol, pngOf(60, 40), '备用.png')).body.data;
    const { id: bidId } = await s.api.call(
      endpoints.saveBid,
      { name: '智慧园区投标', modelType: 'standard', pageCount: 20 },
      carol.token,
    );
    const tree = await s.api.call(
      endpoints.bidCatalogSave,
      { bidId, catalogs: [{ title: '项目组织', children: [{ title: '组织架构' }] }] },
      carol.token,
    );
    const leaf = tree[0].children[0].id;
    const withPicture = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '项目组织如下图。' }] },
        { type: 'image', attrs: { src: pic.url, caption: '组织架构' } },
      ],
    };
    const saved = await s.api.call(
      endpoints.updateBidCatalogContent,
      { id: leaf, content: withPicture, baseVersion: 0 },
      carol.token,
    );

    // Asked together with a picture nobody uses: refused as a whole, both stay.
    const refused = await s.api.post(
      '/picture/client/remove',
      { ids: [spare.id, pic.id] },
      { token: carol.token },
    );
    expect(refused.body).toMatchObject({
      code: 601,
      msg: '图片“组织架构图”正在标书《智慧园区投标》的章节“组织架构”中使用，删除后导出的 Word 将缺少它。请先从章节中移除这张图片',
    });
    expect((await getWithCookie(pic.url, carol)).status).toBe(200);
    expect((await getWithCookie(spare.url, carol)).status).toBe(200);

    // Once the chapter no longer shows it, it can go.
    const text = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: '项目组织见附件。' }] }],
    };
    await s.api.call(
      endpoints.updateBidCatalogContent,
      { id: leaf, content: text, baseVersion: saved.version },
      carol.token,
    );
    expect(await s.api.call(endpoints.pictureRemove, { ids: [pic.id] }, carol.token)).toEqual({ removed: 1 });

    // A feedback screenshot stays for the operators.
    await s.api.call(
      endpoints.saveFeedback,
      { type: '问题', content: '导出的图片模糊', images: [spare.id] },
      carol.token,
    );
    const shot = await s.api.post('/picture/client/remove', { id: spare.id }, { token: carol.token });
    expect(shot.body).toMatchObject({
      code: 601,
      msg: '图片“备用”是您意见反馈的截图，删除后运营人员将看不到它，因此不能删除',
    });
    expect((await getWithCookie(spare.url, carol)).status).toBe(200);
  });

  it('refuses uploads beyond the library size with a business warning', async () => {
    const full = await createUserWithSession(s);
    // Pretend the library is nearly full: one row whose recorded size leaves no room.
    await s.built.ctx.db
      .insertInto('pictures')
      .values({
        id: `big-${full.userId}`,
        user_id: full.userId,
        tenant_id: full.tenantId,
        name: '占位',
        tags: '[]',
        search_text: '占位',
        type: 'png',
        size: PICTURE_LIMITS.maxTotalBytes - 10,
        width: 1,
        height: 1,
        sha256: 'x',
        file_key: 'none',
        thumb_key: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const r = await upload(full, pngOf(20, 20), 'one-more.png');
    expect(r.body).toMatchObject({ code: 601, msg: expect.stringContaining('图片库空间已满') });
  });

  it('answers a clear message when the file field is missing or the request is not multipart', async () => {
    const wrongField = await upload(alice, pngOf(10, 10), 'x.png', {}, 'image');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.msg).toBe('请选择要上传的图片（字段 file）');
    const json = await s.api.post('/picture/client/upload', { file: 'x' }, { token: alice.token });
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe('请选择要上传的图片（字段 file）');
  });
});

describe('image checks (unit)', () => {
  it('sniffs by magic bytes and reads sizes', () => {
    expect(sniffType(JPEG)).toBe('jpeg');
    expect(sniffType(WEBP)).toBe('webp');
    expect(sniffType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'svg',
    );
    expect(sniffType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(dimensionsOf('jpeg', JPEG)).toEqual({ width: 64, height: 48 });
    expect(
      svgRisk(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><a href="#top"><text>ok</text></a></svg>'),
      ),
    ).toBeNull();
    expect(
      svgRisk(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(http://x.invalid/a)"/></svg>',
        ),
      ),
    ).toBe('外部资源链接');
  });
});
