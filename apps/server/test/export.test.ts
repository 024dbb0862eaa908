import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import { TOKEN_COOKIE } from '@bid/shared';
import { startTestServer, clientHeaders, type TestServer } from './helpers/test-server.ts';
import { newBid, newWriter, flatten, type Client } from './catalog-helpers.ts';

let s: TestServer;
let a: Client;
let b: Client;
let bidId: string;
let foreignBidId: string;
const BID_NAME = '某市政务云平台扩容项目（技术标）';

function table() {
  const cell = (type: string, text: string, colspan = 1, rowspan = 1) => ({
    type,
    attrs: { colspan, rowspan, colwidth: null },
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
  return {
    type: 'table',
    content: [
      {
        type: 'tableRow',
        content: [cell('tableHeader', '类别'), cell('tableHeader', '设备'), cell('tableHeader', '数量')],
      },
      {
        type: 'tableRow',
        content: [cell('tableCell', '计算设备', 1, 2), cell('tableCell', '服务器'), cell('tableCell', '40')],
      },
      { type: 'tableRow', content: [cell('tableCell', '加速卡服务器'), cell('tableCell', '4')] },
    ],
  };
}

/** A raw call answering the bytes (the api helper reads text). */
async function raw(
  path: string,
  opts: { body?: unknown; token?: string; cookie?: string; clientHeaders?: boolean; method?: string } = {},
) {
  const headers: Record<string, string> = opts.clientHeaders === false ? {} : { ...clientHeaders() };
  if (opts.token) headers['blade-auth'] = `bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = `${TOKEN_COOKIE}=${opts.cookie}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(`/api${path}`, s.baseUrl), {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

function documentXml(bytes: Buffer): string {
  return Buffer.from(unzip(bytes).get('word/document.xml')!).toString('utf8');
}

beforeAll(async () => {
  s = await startTestServer();
  a = await newWriter(s);
  b = await newWriter(s);
  bidId = await newBid(a, BID_NAME);
  foreignBidId = await newBid(b, '别人的标书');
  await a.data('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [
      { title: '项目理解', children: [{ title: '项目背景' }, { title: '建设目标' }] },
      { title: '技术方案', children: [{ title: '总体架构', children: [{ title: '基础设施层' }] }] },
    ],
  });
  const tree = flatten(await a.data('/catalog/client/getBidCatalogList', { bidId }));
  const byTitle = (t: string) => tree.find((n) => n.title === t)!;
  const contents: Record<string, unknown> = {
    项目背景: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '现有平台资源使用率长期高于百分之八十五。' }] },
      ],
    },
    建设目标: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '项目经理：' },
            { type: 'placeholder', attrs: { label: '项目经理姓名' } },
          ],
        },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: '计算资源扩容' }] }],
            },
          ],
        },
      ],
    },
    基础设施层: {
      type: 'doc',
      content: [
        table(),
        {
          type: 'diagram',
          attrs: {
            kind: 'flowchart',
            caption: '部署流程',
            model: {
              direction: 'TB',
              nodes: [
                { id: 'a', label: '到货验收' },
                { id: 'b', label: '上架安装' },
              ],
              edges: [{ from: 'a', to: 'b' }],
            },
          },
        },
      ],
    },
  };
  for (const [title, content] of Object.entries(contents)) {
    const node = byTitle(title);
    await a.data('/catalog/client/updateBidCatalogContent', {
      id: node.id,
      content,
      baseVersion: node.version,
    });
  }
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('findAllTemplate', () => {
  it('lists the built-in templates with their definitions', async () => {
    const r = await s.api.get('/bid/templateConfig/findAllTemplate', undefined, { token: a.user.token });
    expect(r.status).toBe(200);
    const items = r.body.data as Array<{
      id: string;
      name: string;
      description: string;
      isDefault: boolean;
      definition: { body: { font: { eastAsia: string } } };
    }>;
    expect(items.map((t) => t.id)).toEqual(['gov-standard', 'engineering', 'business', 'anonymous']);
    expect(items.filter((t) => t.isDefault).map((t) => t.id)).toEqual(['gov-standard']);
    for (const t of items) expect(t.name.length && t.description.length).toBeTruthy();
    expect(items[0].definition.body.font.eastAsia).toBe('宋体');
  });

  it('stores templates in the database so operators can add one', async () => {
    const row = await s.built.ctx.db
      .selectFrom('export_templates')
      .select(['definition'])
      .where('id', '=', 'engineering')
      .executeTakeFirstOrThrow();
    const def = JSON.parse(row.definition);
    def.body.font.eastAsia = '楷体';
    const now = new Date().toISOString();
    await s.built.ctx.db
      .insertInto('export_templates')
      .values({
        id: 'op-kaiti',
        name: '运营自定义',
        description: '楷体正文',
        definition: JSON.stringify(def),
        sort: 90,
        builtin: 0,
        customized: 0,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const r = await s.api.get('/bid/templateConfig/findAllTemplate', undefined, { token: a.user.token });
    expect((r.body.data as Array<{ id: string }>).map((t) => t.id)).toContain('op-kaiti');
    const file = await raw('/bid/client/exportBid', {
      token: a.user.token,
      body: { id: bidId, templateId: 'op-kaiti' },
    });
    expect(file.status).toBe(200);
    expect(documentXml(file.bytes)).toContain('w:eastAsia="楷体"');
  });
});

describe('exportBid', () => {
  it('answers the .docx with the right headers', async () => {
    const r = await raw('/bid/client/exportBid', {
      token: a.user.token,
      body: { id: bidId, templateId: 'gov-standard' },
    });
    expect(r.status).toBe(200);
    expect(r.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(r.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const cd = r.headers.get('content-disposition')!;
    expect(cd).toContain('attachment');
    expect(cd).toContain('filename="bid.docx"');
    expect(cd).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${BID_NAME}.docx`).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect(Number(r.headers.get('content-length'))).toBe(r.bytes.length);
    const xml = documentXml(r.bytes);
    for (const t of [
      '第一章 项目理解',
      '1.1 项目背景',
      '1.2 建设目标',
      '第二章 技术方案',
      '2.1 总体架构',
      '2.1.1 基础设施层',
    ])
      expect(xml).toContain(t);
    expect(xml).toContain('现有平台资源使用率长期高于百分之八十五。');
    expect(xml).toContain('【待填写：项目经理姓名】');
    expect(xml).toMatch(/<w:vMerge w:val="restart"\/>[\s\S]*?计算设备/);
    // The diagram was rendered in the worker and embedded as a picture with its caption.
    expect(xml).toContain('<w:drawing>');
    expect(xml).toContain('图 2-1 部署流程');
  });

  it('uses the default template when none is given, and another template when asked', async () => {
    const dflt = await raw('/bid/client/exportBid', { token: a.user.token, body: { id: bidId } });
    expect(dflt.status).toBe(200);
    expect(documentXml(dflt.bytes)).toContain('第一章 项目理解');
    const anon = await raw('/bid/client/exportBid', {
      token: a.user.token,
      body: { id: bidId, templateId: 'anonymous' },
    });
    expect(anon.status).toBe(200);
    expect(documentXml(anon.bytes)).toContain('一、项目理解');
  });

  it('answers 404 JSON for a foreign bid, never the file', async () => {
    const r = await raw('/bid/client/exportBid', {
      token: a.user.token,
      body: { id: foreignBidId, templateId: 'gov-standard' },
    });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.json()).toMatchObject({ code: 404, success: false });
    const missing = await raw('/bid/client/exportBid', {
      token: a.user.token,
      body: { id: '999999999', templateId: 'gov-standard' },
    });
    expect(missing.status).toBe(404);
  });

  it('answers 404 JSON for an unknown template and 400 for a malformed one', async () => {
    const r = await raw('/bid/client/exportBid', {
      token: a.user.token,
      body: { id: bidId, templateId: 'no-such-template' },
    });
    expect(r.status).toBe(404);
    expect(r.json()).toMatchObject({ code: 404, success: false, msg: '导出模板不存在' });
    const bad = await raw('/bid/client/exportBid', {
      token: a.user.token,
      body: { id: bidId, templateId: 'x'.repeat(200) },
    });
    expect(bad.status).toBe(400);
    expect(bad.json().msg).toContain('导出模板编号格式不正确');
  });

  it('answers 401 without a session and 601 for a bid without an outline', async () => {
    const anon = await raw('/bid/client/exportBid', { body: { id: bidId } });
    expect(anon.status).toBe(401);
    const empty = await newBid(a, '空标书');
    const r = await raw('/bid/client/exportBid', { token: a.user.token, body: { id: empty } });
    expect(r.json()).toMatchObject({ code: 601, success: false, msg: '标书还没有目录，无法导出' });
  });
});

describe('background export', () => {
  it('runs with progress and downloads with the session cookie alone', async () => {
    const started = await a.call('/bid/client/exportBidStart', { id: bidId, templateId: 'engineering' });
    expect(started.code).toBe(200);
    const jobId = started.data.jobId as string;
    let last = -1;
    let status = '';
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const p = await s.api.get('/bid/client/exportBidProgress', { jobId }, { token: a.user.token });
      expect(p.status).toBe(200);
      expect(p.body.data.progress).toBeGreaterThanOrEqual(last);
      last = p.body.data.progress;
      status = p.body.data.status;
      if (status === 'done' || status === 'error') {
        expect(p.body.data.fileName).toBe(`${BID_NAME}.docx`);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('done');
    expect(last).toBe(100);

    // The browser opens the link itself: no client headers, only the cookie.
    const file = await raw(`/bid/client/exportBidFile?jobId=${jobId}`, {
      clientHeaders: false,
      cookie: a.user.token,
    });
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(documentXml(file.bytes)).toContain('w:eastAsia="仿宋"');

    // Someone else's job is missing, and so is the file without a session.
    const foreign = await raw(`/bid/client/exportBidFile?jobId=${jobId}`, {
      clientHeaders: false,
      cookie: b.user.token,
    });
    expect(foreign.status).toBe(404);
    const noSession = await raw(`/bid/client/exportBidFile?jobId=${jobId}`, { clientHeaders: false });
    expect(noSession.status).toBe(401);
    const foreignProgress = await s.api.get(
      '/bid/client/exportBidProgress',
      { jobId },
      { token: b.user.token },
    );
    expect(foreignProgress.status).toBe(404);
  });

  it('checks the bid and template before it starts', async () => {
    const foreign = await a.call('/bid/client/exportBidStart', { id: foreignBidId });
    expect(foreign.status).toBe(404);
    const unknown = await a.call('/bid/client/exportBidStart', { id: bidId, templateId: 'nope' });
    expect(unknown.status).toBe(404);
    const missing = await s.api.get(
      '/bid/client/exportBidProgress',
      { jobId: 'nope' },
      { token: a.user.token },
    );
    expect(missing.status).toBe(404);
  });
});
