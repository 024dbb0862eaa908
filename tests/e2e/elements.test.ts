import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { markdownToDoc } from '@bid/document';
import {
  clientHeaders,
  startTestServer,
  type TestServer,
} from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession, type TestUser } from '../../apps/server/test/helpers/fixtures.ts';
import { settled, unexpectedErrors, type TrackedPage } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * Rich elements end to end: the picture library screen (upload with tags, search, retag, refusal
 * of a bad file, delete with confirmation), and every element kind exported to Word as a picture
 * in place (checked through LibreOffice -> PDF: embedded images on the pages of their captions).
 */

function pngOf(w: number, h: number, fill: string): Buffer {
  return new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${fill}"/><circle cx="${w / 2}" cy="${h / 2}" r="${h / 3}" fill="#fff"/></svg>`,
  )
    .render()
    .asPng();
}

describe('picture library (/home/picture)', () => {
  const suite = browserSuite();
  let s: TestServer;
  let user: TestUser;
  let t: TrackedPage;

  beforeAll(async () => {
    s = suite.server;
    user = await createUserWithSession(s);
    t = await suite.newPage(user.token);
  });

  it('uploads pictures with tags, searches, retags and deletes them', async () => {
    const { page } = t;
    const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });
    await page.goto(`${s.baseUrl}/home/picture`);
    await page.getByText('图片库还是空的').waitFor();

    await page.getByRole('button', { name: '上传图片' }).first().click();
    const dialog = page.getByRole('dialog', { name: '上传图片' });
    await dialog.locator('input[type=file]').setInputFiles([
      { name: '施工现场全景.png', mimeType: 'image/png', buffer: pngOf(800, 500, '#1d4ed8') },
      { name: '质量检测.png', mimeType: 'image/png', buffer: pngOf(300, 200, '#16a34a') },
      { name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('这不是图片') },
    ]);
    await dialog.getByLabel('上传标签').fill('现场');
    await dialog.getByLabel('上传标签').press('Enter');
    await dialog.getByRole('button', { name: '开始上传' }).click();
    // The server judges by content: the text file is refused with its message, the pictures go in.
    await dialog.getByText('只能上传 PNG、JPEG、GIF、WebP 或 SVG 图片').waitFor();
    await poll(async () => page.getByTestId('picture-card').count()).toBe(2);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Thumbnails load through the cookie-authenticated file route.
    const thumb = page.getByTestId('picture-card').first().locator('img');
    await poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );

    await page.getByLabel('搜索图片').fill('检测');
    await page.getByLabel('搜索图片').press('Enter');
    await poll(() => page.getByTestId('picture-card').count()).toBe(1);
    await poll(() => page.getByTestId('picture-card').first().innerText()).toContain('质量检测');

    await page.getByTestId('picture-card').first().getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑图片信息' });
    await edit.getByLabel('图片标签').fill('质量');
    await edit.getByLabel('图片标签').press('Enter');
    // Close the tag dropdown (it covers the buttons) by moving focus back to the name.
    await edit.getByLabel('图片名称').click();
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => page.getByTestId('picture-card').first().innerText()).toContain('质量');

    // The tag filter lists the new tag.
    await page.getByLabel('搜索图片').fill('');
    await poll(() => page.getByTestId('picture-card').count()).toBe(2);
    await page
      .locator('.bs-pic-tags')
      .getByText(/^质量（1）$/)
      .click();
    await poll(() => page.getByTestId('picture-card').count()).toBe(1);

    await page.getByTestId('picture-card').first().getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').last();
    await settled(confirm);
    await confirm
      .getByRole('button', { name: /删\s*除/ })
      .last()
      .click();
    await poll(
      async () => (await s.api.post('/picture/client/list', {}, { token: user.token })).body.data.total,
    ).toBe(1);

    expect(
      unexpectedErrors(t.errors, [/Failed to load resource: the server responded with a status of 400/]),
    ).toEqual([]);
  });

  it('refuses, from the library reached from /home, to delete a picture a chapter shows, and says where', async () => {
    const { page } = t;
    const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });
    // The picture left by the test above goes into a chapter of a bid.
    const pictures = (await s.api.post('/picture/client/list', {}, { token: user.token })).body.data.records;
    expect(pictures).toHaveLength(1);
    const { id: bidId } = (
      await s.api.post(
        '/bid/client/saveBid',
        { name: '门诊楼施工', modelType: 'standard', pageCount: 20 },
        { token: user.token },
      )
    ).body.data;
    const tree = (
      await s.api.post(
        '/catalog/client/bidCatalogSave',
        { bidId, catalogs: [{ title: '施工部署', children: [{ title: '现场布置' }] }] },
        { token: user.token },
      )
    ).body.data;
    const content = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src: pictures[0].url, caption: '施工现场' } }],
    };
    expect(
      (
        await s.api.post(
          '/catalog/client/updateBidCatalogContent',
          { id: tree[0].children[0].id, content, baseVersion: 0 },
          { token: user.token },
        )
      ).body.code,
    ).toBe(200);

    await page.goto(`${s.baseUrl}/home`);
    await page.getByRole('menuitem', { name: '图片库' }).click();
    await page.waitForURL((u) => u.pathname === '/home/picture');
    await poll(() => page.getByTestId('picture-card').count()).toBe(1);
    await page.getByTestId('picture-card').first().getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').last();
    await settled(confirm);
    const refused = page
      .getByText(/正在标书《门诊楼施工》的章节“现场布置”中使用/)
      .waitFor({ timeout: 20_000 });
    await confirm
      .getByRole('button', { name: /删\s*除/ })
      .last()
      .click();
    await refused;
    await poll(
      async () => (await s.api.post('/picture/client/list', {}, { token: user.token })).body.data.total,
    ).toBe(1);
    expect(await page.getByTestId('picture-card').count()).toBe(1);
  });
});

const TENDER =
  '某县人民医院门诊综合楼施工总承包工程 招标文件\n计划工期：180 日历天\n招标范围：土建、装饰装修、安装及室外附属工程，主体结构为现浇混凝土框架，竣工验收合格。';
const QUALITY_MD = [
  '## 质量管理体系',
  '- 项目经理：对工程质量全面负责',
  '- 技术负责人：组织技术交底',
  '- 质检员：负责工序检查与验收',
  '',
  '## 质量控制流程',
  '1. 编制专项施工方案并报监理审批',
  '2. 对作业班组进行技术交底',
  '3. 材料进场验收并见证取样',
  '4. 按工序组织施工',
  '5. 报监理工程师验收',
].join('\n');

/** Converts a .docx with LibreOffice and lists the PDF's embedded images and page texts. */
function pdfOf(docxBytes: Buffer, work: string, name: string) {
  const docx = path.join(work, `${name}.docx`);
  fs.writeFileSync(docx, docxBytes);
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${path.join(work, 'lo')}`,
      '--convert-to',
      'pdf',
      '--outdir',
      work,
      docx,
    ],
    { timeout: 100_000, stdio: 'ignore' },
  );
  const pdf = path.join(work, `${name}.pdf`);
  if (!fs.existsSync(pdf)) throw new Error('LibreOffice did not convert the export');
  // pdfimages -list: page num type width height ...
  const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length > 4 && c[2] === 'image')
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]) }));
  const pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f');
  const pageOf = (text: string) =>
    pages.findIndex((p) => p.replace(/\s+/g, '').includes(text.replace(/\s+/g, ''))) + 1;
  if (process.env.E2E_KEEP_PAGES)
    execFileSync('pdftoppm', ['-r', '60', '-png', pdf, path.join(process.env.E2E_KEEP_PAGES, name)]);
  return { images, pageOf };
}

async function exportDocx(s: TestServer, token: string, bidId: string): Promise<Buffer> {
  const res = await fetch(`${s.baseUrl}/api/bid/client/exportBid`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: bidId }),
  });
  if (!(res.headers.get('content-type') ?? '').includes('officedocument'))
    throw new Error(`export failed: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

function para(text: string) {
  return { type: 'paragraph', content: [{ type: 'text', text }] };
}

describe('elements in the exported Word file', () => {
  let s: TestServer;
  let user: TestUser;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-el-export-'));

  beforeAll(async () => {
    s = await startTestServer();
    user = await createUserWithSession(s, { quota: { bid_number: 5 } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const post = async (p: string, body: unknown) => {
    const r = await s.api.post(p, body, { token: user.token });
    if (r.body?.code !== 200) throw new Error(`${p}: ${r.status} ${r.body?.msg}`);
    return r.body.data;
  };

  it('writes a flowchart, a mind map, a Gantt chart, a table and a library picture as pictures in place', async () => {
    const { id: bidId } = await post('/bid/client/saveBid', {
      name: '门诊综合楼施工投标文件',
      modelType: 'standard',
      pageCount: 20,
      tenderText: TENDER,
    });
    const tree = await post('/catalog/client/bidCatalogSave', {
      bidId,
      catalogs: [{ title: '施工组织设计', children: [{ title: '质量保证措施' }, { title: '施工进度计划' }] }],
    });
    const [quality, schedule] = tree[0].children as Array<{ id: string }>;
    let d = await post('/catalog/client/getBidCatalogDetail', { id: quality.id });
    await post('/catalog/client/updateBidCatalogContent', {
      id: quality.id,
      content: markdownToDoc(QUALITY_MD),
      baseVersion: d.version,
    });

    const flow = await post('/ai/client/aiGenerateFlowchart', { catalogId: quality.id });
    const mind = await post('/ai/client/aiGenerateMindMap', { catalogId: quality.id });
    const table = await post('/ai/client/aiGenerateTable', { catalogId: quality.id });
    const gantt = await post('/ai/client/aiGenerateGantt', { catalogId: schedule.id });

    const form = new FormData();
    form.append('name', '质量样板展示');
    form.append('file', new Blob([new Uint8Array(pngOf(640, 400, '#0f766e'))]), 'sample.png');
    const up = await fetch(`${s.baseUrl}/api/picture/client/upload`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${user.token}` },
      body: form,
    });
    const picture = (await up.json()).data as { url: string; name: string };

    const doc = {
      type: 'doc',
      content: [
        para('一、质量控制流程如下图所示。'),
        flow.node,
        para('二、质量保证体系如下图所示。'),
        mind.node,
        para('三、质量管理职责见下表。'),
        para(table.caption),
        table.node,
        para('四、质量样板照片。'),
        { type: 'image', attrs: { src: picture.url, alt: picture.name, title: null, caption: picture.name } },
      ],
    };
    d = await post('/catalog/client/getBidCatalogDetail', { id: quality.id });
    await post('/catalog/client/updateBidCatalogContent', {
      id: quality.id,
      content: doc,
      baseVersion: d.version,
    });
    d = await post('/catalog/client/getBidCatalogDetail', { id: schedule.id });
    await post('/catalog/client/updateBidCatalogContent', {
      id: schedule.id,
      content: { type: 'doc', content: [para('施工总进度计划如下。'), gantt.node] },
      baseVersion: d.version,
    });

    const { images, pageOf } = pdfOf(await exportDocx(s, user.token, bidId), work, 'api-elements');
    // Three diagrams and the library picture; the diagrams at print resolution (2.5x).
    expect(images.length).toBeGreaterThanOrEqual(4);
    expect(images.filter((i) => i.width >= 600).length).toBeGreaterThanOrEqual(4);

    // Each caption is on a page that holds an image: the picture sits where the chapter put it.
    for (const caption of [flow.caption, mind.caption, gantt.caption, picture.name]) {
      const page = pageOf(caption);
      expect(page, caption).toBeGreaterThan(0);
      expect(
        images.some((i) => i.page === page || i.page === page - 1),
        `image near ${caption}`,
      ).toBe(true);
    }
    // The table is a real Word table, its text is in the document.
    expect(pageOf(table.caption)).toBeGreaterThan(0);
    // Order: the flowchart's lead-in comes before the mind map's, as in the chapter.
    expect(pageOf('一、质量控制流程如下图所示')).toBeLessThanOrEqual(pageOf('二、质量保证体系如下图所示'));
  });
});

describe('elements in the chapter editor', () => {
  const suite = browserSuite();
  let s: TestServer;
  let user: TestUser;
  let t: TrackedPage;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-el-editor-'));
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

  beforeAll(async () => {
    s = suite.server;
    user = await createUserWithSession(s, { quota: { bid_number: 5 } });
    t = await suite.newPage(user.token);
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  const post = async (p: string, body: unknown) => {
    const r = await s.api.post(p, body, { token: user.token });
    if (r.body?.code !== 200) throw new Error(`${p}: ${r.status} ${r.body?.msg}`);
    return r.body.data;
  };
  const serverContent = async (id: string) =>
    JSON.stringify((await post('/catalog/client/getBidCatalogDetail', { id })).content);

  it('inserts each kind from the AI panel, edits a diagram, regenerates it with a version kept, and exports pictures', async () => {
    const { id: bidId } = await post('/bid/client/saveBid', {
      name: '门诊综合楼施工投标文件',
      modelType: 'standard',
      pageCount: 20,
      tenderText: TENDER,
    });
    const tree = await post('/catalog/client/bidCatalogSave', {
      bidId,
      catalogs: [{ title: '施工组织设计', children: [{ title: '质量保证措施' }] }],
    });
    const chapterId = (tree[0].children as Array<{ id: string }>)[0].id;
    const d = await post('/catalog/client/getBidCatalogDetail', { id: chapterId });
    await post('/catalog/client/updateBidCatalogContent', {
      id: chapterId,
      content: markdownToDoc(QUALITY_MD),
      baseVersion: d.version,
    });

    const { page } = t;
    await page.goto(`${s.baseUrl}/home/book/BidingWrite?id=${bidId}`);
    await page.locator('[data-testid="outline-node"][data-title="质量保证措施"]').click();
    const editor = page.locator('.ProseMirror[contenteditable="true"]');
    await editor.waitFor();
    await poll(() => editor.innerText()).toContain('报监理工程师验收');

    const panel = page.locator('.bs-el-panel');
    const diagrams = editor.locator('.bs-diagram-node .bs-diagram__svg > svg');
    const insert = async (button: RegExp) => {
      await editor.click();
      await page.keyboard.press('Control+End');
      await panel.getByRole('button', { name: button }).click();
      await panel.getByTestId('element-result').waitFor({ timeout: 60_000 });
      await panel.getByRole('button', { name: '插入到光标处' }).click();
    };
    await insert(/流程图/);
    await poll(() => diagrams.count()).toBe(1);
    await insert(/思维导图/);
    await poll(() => diagrams.count()).toBe(2);
    await insert(/甘特图/);
    await poll(() => diagrams.count()).toBe(3);
    await insert(/生成表格/);
    await poll(() => editor.locator('table').count()).toBe(1);
    // 配图: a library picture tagged with the chapter's keyword is offered and goes in as an image.
    const form = new FormData();
    form.append('name', '质量检测现场');
    form.append('tags', '质量,检测');
    form.append('file', new Blob([new Uint8Array(pngOf(480, 320, '#0f766e'))]), 'q.png');
    await fetch(`${s.baseUrl}/api/picture/client/upload`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${user.token}` },
      body: form,
    });
    await editor.click();
    await page.keyboard.press('Control+End');
    await panel.getByRole('button', { name: /配图/ }).click();
    await panel
      .getByTestId('image-results')
      .getByRole('button', { name: '插入图片 质量检测现场' })
      .click({ timeout: 60_000 });
    const img = editor.locator('img[alt="质量检测现场"]');
    await poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(480);

    // Each picture is the shared renderer's SVG with the chapter's own words in it.
    await poll(() =>
      editor.locator('.bs-diagram-node[data-kind="flowchart"] .bs-diagram__svg > svg').innerHTML(),
    ).toContain('对作业班组进行技术交底');
    await poll(() =>
      editor.locator('.bs-diagram-node[data-kind="gantt"] .bs-diagram__svg > svg').innerHTML(),
    ).toContain('竣工验收');

    // Edit the flowchart: double-click, change a step, see the preview and then the chapter change.
    await editor.locator('.bs-diagram-node[data-kind="flowchart"]').dblclick();
    const modal = page.getByRole('dialog', { name: '编辑流程图' });
    await modal.getByLabel('节点2文字').fill('编制质量计划并报审');
    await poll(() => modal.getByTestId('diagram-preview').innerText()).toContain('编制质量计划并报审');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() =>
      editor.locator('.bs-diagram-node[data-kind="flowchart"] .bs-diagram__svg > svg').innerHTML(),
    ).toContain('编制质量计划并报审');
    // Autosave carries the edited model to the server.
    await poll(() => serverContent(chapterId)).toContain('编制质量计划并报审');
    const saved = JSON.parse(await serverContent(chapterId)) as {
      content: Array<{ type: string; attrs?: { kind?: string } }>;
    };
    expect(
      saved.content
        .filter((n) => n.type === 'diagram')
        .map((n) => n.attrs!.kind)
        .sort(),
    ).toEqual(['flowchart', 'gantt', 'mindmap']);
    expect(saved.content.some((n) => n.type === 'table')).toBe(true);

    // Regenerate the selected flowchart: the chapter is kept as a content version, then replaced.
    await editor.locator('.bs-diagram-node[data-kind="flowchart"]').click();
    await panel.getByRole('button', { name: /流程图/ }).click();
    await panel.getByRole('button', { name: '替换选中的图表' }).click();
    await poll(() => diagrams.count()).toBe(3);
    await poll(() => serverContent(chapterId)).not.toContain('编制质量计划并报审');
    const versions = (await post('/catalog/client/getCatalogContentVersionList', {
      id: chapterId,
    })) as Array<{ name: string; id: string }>;
    const kept = versions.find((v) => v.name === '重新生成流程图前');
    expect(kept).toBeTruthy();
    const old = await post('/catalog/client/getCatalogContentVersionDetail', {
      id: chapterId,
      versionId: kept!.id,
    });
    expect(JSON.stringify(old.content)).toContain('编制质量计划并报审');

    // The exported Word file has the three diagrams and the picture, each on the page of its caption.
    const { images, pageOf } = pdfOf(await exportDocx(s, user.token, bidId), work, 'editor-elements');
    expect(images.length).toBeGreaterThanOrEqual(4);
    expect(images.some((i) => i.width === 480 && i.height === 320)).toBe(true);
    const final = JSON.parse(await serverContent(chapterId)) as {
      content: Array<{ type: string; attrs?: { caption?: string } }>;
    };
    for (const n of final.content.filter((x) => x.type === 'diagram')) {
      const page = pageOf(n.attrs!.caption!);
      expect(page, n.attrs!.caption).toBeGreaterThan(0);
      expect(images.some((i) => i.page === page || i.page === page - 1)).toBe(true);
    }

    expect(unexpectedErrors(t.errors)).toEqual([]);
  });
});
