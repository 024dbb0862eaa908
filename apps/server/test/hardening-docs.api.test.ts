import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { flatten, newBid, newWriter, paragraph, type Client } from './catalog-helpers.ts';

let c: Client;
let chapterId: string;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
  const bidId = await newBid(c);
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [{ title: '技术方案' }],
  });
  chapterId = flatten(tree)[0].id;
  const detail = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
  await c.data('/catalog/client/updateBidCatalogContent', {
    id: chapterId,
    content: paragraph('原来的内容'),
    baseVersion: detail.version,
  });
});

const P = (t: string, marks?: unknown[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: t, ...(marks ? { marks } : {}) }] }],
});

describe(`chapter documents are checked against one schema (${TEST_DB})`, () => {
  const hostile: Array<[string, unknown, string]> = [
    [
      'a script node',
      { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }] },
      '不支持的节点类型「script」',
    ],
    [
      'an onclick attribute',
      {
        type: 'doc',
        content: [
          { type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [{ type: 'text', text: 'x' }] },
        ],
      },
      '不支持属性「onclick」',
    ],
    [
      'a javascript: link',
      P('点我', [{ type: 'link', attrs: { href: 'javascript:alert(document.cookie)' } }]),
      '链接地址只能是',
    ],
    [
      'an SVG data image',
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'data:image/svg+xml;base64,PHN2Zz4=' } }] },
      '图片地址不正确',
    ],
  ];
  for (const [what, content, msg] of hostile) {
    it(`refuses ${what} with a clear message and keeps the chapter as it was`, async () => {
      const before = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
      const r = await c.call('/catalog/client/updateBidCatalogContent', {
        id: chapterId,
        content,
        baseVersion: before.version,
      });
      expect(r.status).toBe(400);
      expect(r.msg).toContain('章节内容格式不正确');
      expect(r.msg).toContain(msg);
      const after = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
      expect(after.version).toBe(before.version);
      expect(JSON.stringify(after.content)).toContain('原来的内容');
    });
  }

  it('refuses a document nested 200,000 deep with a 400, not a 500', async () => {
    const before = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
    // Raw JSON: building the object and stringifying it would overflow the test's own stack.
    const depth = 200_000;
    const body = `{"id":"${chapterId}","baseVersion":${before.version},"content":{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(depth)}${']}'.repeat(depth)}]}}`;
    const r = await s.api.call('/catalog/client/updateBidCatalogContent', undefined, {
      method: 'POST',
      raw: body,
      token: c.user.token,
      headers: { 'content-type': 'application/json' },
    });
    expect([400, 413]).toContain(r.status);
    expect(r.body.msg).toMatch(/章节内容|过大|格式/);
    expect((await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId })).version).toBe(
      before.version,
    );
  });

  it('still saves every safe link and element', async () => {
    const before = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
    const ok = P('官网', [
      { type: 'link', attrs: { href: 'https://example.com', target: '_blank' } },
      { type: 'bold' },
    ]);
    const r = await c.call('/catalog/client/updateBidCatalogContent', {
      id: chapterId,
      content: ok,
      baseVersion: before.version,
    });
    expect(r.status, r.msg).toBe(200);
  });
});
