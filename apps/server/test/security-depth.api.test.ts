import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_NESTING, MSG, type CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { flatten, newBid, newWriter, paragraph, type Client } from './catalog-helpers.ts';

/**
 * Deeply nested bodies are refused with a 400 before anything walks them (issue 30, finding 3): a
 * chapter nested 200,000 deep in arrays, or 60,000 deep in blockquotes, answered 500 (the server
 * turned the value back into text recursively before checking its depth).
 */

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

/** Posts a body as written (building the value and stringifying it would overflow the test too). */
function rawPost(path: string, body: string) {
  return s.api.call(path, undefined, {
    method: 'POST',
    raw: body,
    token: c.user.token,
    headers: { 'content-type': 'application/json' },
  });
}

const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const blockquotes = (n: number) =>
  `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(n)}${']}'.repeat(n)}]}`;

describe(`deeply nested bodies answer 400 (${TEST_DB})`, () => {
  const cases: Array<[string, (version: number) => string]> = [
    [
      'chapter content nested 200,000 deep in arrays',
      (v) => `{"id":"${chapterId}","baseVersion":${v},"content":{"type":"doc","content":${arrays(200_000)}}}`,
    ],
    [
      'chapter content nested 60,000 deep in blockquotes',
      (v) => `{"id":"${chapterId}","baseVersion":${v},"content":${blockquotes(60_000)}}`,
    ],
    [
      `chapter content one level past the limit (${MAX_JSON_NESTING})`,
      (v) => `{"id":"${chapterId}","baseVersion":${v},"content":{"a":${arrays(MAX_JSON_NESTING - 1)}}}`,
    ],
  ];
  for (const [what, body] of cases) {
    it(`refuses ${what} and keeps the chapter`, async () => {
      const before = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
      const r = await rawPost('/catalog/client/updateBidCatalogContent', body(before.version));
      expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(400);
      expect(r.body.msg).toBe(MSG.tooDeep(MAX_JSON_NESTING));
      const after = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
      expect(after.version).toBe(before.version);
      expect(JSON.stringify(after.content)).toContain('原来的内容');
    });
  }

  it('refuses a deep value in any JSON body, not only chapters', async () => {
    for (const [path, body] of [
      ['/blade-system/client/mark-stalog', `{"mark":"page:/","detail":{"a":${arrays(200_000)}}}`],
      ['/bid/client/getBidList', `{"keyword":${arrays(100_000)}}`],
      ['/catalog/client/bidCatalogSave', `{"bidId":"x","catalogs":${arrays(60_000)}}`],
    ] as const) {
      const r = await rawPost(path, body);
      expect(r.status, path).toBe(400);
      expect(r.body.msg, path).toBe(MSG.tooDeep(MAX_JSON_NESTING));
    }
  });

  it('still saves a document as deep as the document model allows', async () => {
    const before = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
    let node: Record<string, unknown> = { type: 'paragraph', content: [{ type: 'text', text: '深处' }] };
    for (let i = 0; i < 30; i += 1) node = { type: 'blockquote', content: [node] };
    const r = await c.call('/catalog/client/updateBidCatalogContent', {
      id: chapterId,
      content: { type: 'doc', content: [node] },
      baseVersion: before.version,
    });
    expect(r.status, r.msg).toBe(200);
  });
});
