import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MORE_PAGES } from '@bid/shared';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { builtWebCopy } from './helpers/web-build.ts';

function tag(html: string, re: RegExp): string | null {
  return re.exec(html)?.[1] ?? null;
}
const titleOf = (html: string) => tag(html, /<title>([^<]*)<\/title>/);
/** The visible text of the rendered app (what a crawler without JavaScript reads). */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('server-rendered public site', () => {
  let server: TestServer;
  let webDist: string;
  const get = (p: string, headers: Record<string, string> = {}) =>
    server.built.app.inject({ method: 'GET', url: p, headers });

  beforeAll(async () => {
    webDist = builtWebCopy();
    server = await startTestServer({ WEB_DIST: webDist });
    // The first page loads and compiles the renderer (seconds on a busy machine): not inside a test's time limit.
    await get('/');
  }, 240_000);

  afterAll(async () => {
    await server?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  const PAGES: Array<[string, string, string]> = [
    ['/', '标书 AI · 智能投标文件写作', '三步完成一份投标文件'],
    ['/demo', '产品演示 - 标书 AI', '五个步骤，看标书 AI 如何把一份招标文件变成可以投标的 Word 文件'],
    ['/sse', '实时写作 - 标书 AI', '实时写作：文字边写边出现'],
    ['/pop', '新用户专享 - 标书 AI', '免费写一份'],
    ['/search.html', '搜索 - 标书 AI', '搜索帮助与动态'],
    ['/more/call-me.html', '联系我们 - 标书 AI', '希望为团队开通企业账号'],
    ['/more/make-book.html', '如何制作标书 - 标书 AI', '一份合格的技术标从读懂招标文件开始'],
    ['/more/more-dynamic.html', '更多动态 - 标书 AI', '产品更新与使用技巧'],
    ['/more/partner.html', '合作伙伴 - 标书 AI', '我们与投标生态中的各类机构合作'],
    ['/more/question.html', '常见问题 - 标书 AI', '关于使用、额度、导出与账号的常见问题'],
    ['/more/video.html', '视频教程 - 标书 AI', '跟着视频一步步完成第一份标书'],
    ['/more/website-map.html', '网站地图 - 标书 AI', '标书 AI 的全部公开页面'],
    ['/more/welfare.html', '用户福利 - 标书 AI', '新用户体验、邀请奖励与企业开通优惠'],
  ];

  it('renders each public page with its own title, description, canonical URL, Open Graph tags and content', async () => {
    expect(PAGES.filter(([p]) => p.startsWith('/more/'))).toHaveLength(MORE_PAGES.length);
    for (const [p, title, phrase] of PAGES) {
      const res = await get(p);
      expect(res.statusCode, p).toBe(200);
      expect(res.headers['content-type'], p).toContain('text/html');
      expect(titleOf(res.body), p).toBe(title);
      expect(rootText(res.body), p).toContain(phrase);
      expect(res.body, p).toContain(`<link rel="canonical" href="http://localhost:80${p}" />`);
      expect(decode(tag(res.body, /<meta property="og:title" content="([^"]*)"/) ?? ''), p).toBe(title);
      expect(tag(res.body, /<meta name="description" content="([^"]*)"/)?.length, p).toBeGreaterThan(10);
      // One description only: the template's own is replaced, not duplicated.
      expect(res.body.match(/<meta name="description"/g), p).toHaveLength(1);
      // antd's styles arrive with the HTML: no unstyled flash before the scripts run. The signed-out
      // landing page is the island without antd: the stylesheet draws its buttons (test below).
      if (p !== '/') expect(res.body, p).toMatch(/<style[^>]*>[^<]*\.ant-btn/);
    }
  });

  it('renders every article of the sitemap with its own title, its text and JSON-LD (Article, FAQPage)', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const [p] of PAGES) expect(locs, p).toContain(p);
    const articles = locs.filter((p) => /^\/(help|question|dynamic)\//.test(p));
    for (const kind of ['help', 'question', 'dynamic'])
      expect(
        articles.some((p) => p.startsWith(`/${kind}/`)),
        kind,
      ).toBe(true);
    const titles = new Set<string>();
    for (const p of articles) {
      const res = await get(p);
      expect(res.statusCode, p).toBe(200);
      const title = decode(titleOf(res.body) ?? '');
      titles.add(title);
      const own = title.split(' - ')[0];
      expect(own.length, p).toBeGreaterThan(2);
      expect(rootText(res.body), p).toContain(own);
      expect(res.body, p).toContain('<meta property="og:type" content="article" />');
      const ld = JSON.parse(tag(res.body, /<script type="application\/ld\+json">([^<]*)<\/script>/) ?? '{}');
      expect(ld['@type'], p).toBe(p.startsWith('/question/') ? 'FAQPage' : 'Article');
    }
    expect(titles.size).toBe(articles.length);
  });

  it('answers a real 404 with the not-found page for a missing article and an unknown public path', async () => {
    for (const p of [
      '/help/no-such-code.html',
      '/question/99999.html',
      '/dynamic/nope.html',
      '/help/getting-started',
      '/more/unknown.html',
    ]) {
      const res = await get(p);
      expect(res.statusCode, p).toBe(404);
      expect(titleOf(res.body), p).toBe('页面不存在 - 标书 AI');
      expect(rootText(res.body), p).toContain(`Page Not Found: ${p}`);
      expect(res.body, p).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('keeps every script external or a JSON data block (the CSP forbids inline scripts)', async () => {
    const res = await get('/help/getting-started.html');
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(2);
    for (const attrs of scripts)
      expect(attrs, attrs).toMatch(/src="\/assets\/|type="application\/(json|ld\+json)"/);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves the page payload at {path}/_payload.json and inside the HTML, with the build id', async () => {
    const page = await get('/help/getting-started.html');
    const inline = JSON.parse(
      tag(page.body, /<script type="application\/json" id="__payload">([^<]*)<\/script>/) ?? 'null',
    );
    const buildId = tag(page.body, /<meta name="build-id" content="([^"]+)"/);
    expect(buildId).toMatch(/^[0-9a-f]{16}$/);
    expect(inline).toMatchObject({
      buildId,
      path: '/help/getting-started.html',
      status: 200,
      notFound: null,
    });

    const res = await get('/help/getting-started.html/_payload.json');
    expect(res.statusCode).toBe(200);
    const served = res.json();
    // The same data under the same keys (only the dehydration timestamps differ between two renders).
    expect({ ...served, queries: null }).toEqual({ ...inline, queries: null });
    const keyed = (p: { queries: { queries: Array<{ queryKey: unknown; state: { data: unknown } }> } }) =>
      p.queries.queries.map((q) => [q.queryKey, q.state.data]);
    expect(keyed(served)).toEqual(keyed(inline));
    expect(keyed(served).map(([k]) => k)).toContainEqual(['content', 'detail', 'help', 'getting-started']);
    expect((await get('/_payload.json')).json()).toMatchObject({ path: '/', status: 200 });
    const missing = await get('/help/no-such-code.html/_payload.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      status: 404,
      notFound: { message: 'Page Not Found: /help/no-such-code.html' },
    });
    expect((await get('/home/_payload.json')).statusCode).toBe(404);
  });

  it('answers builds/meta/{buildId}.json for the current build and 404 for a replaced one', async () => {
    const buildId = tag((await get('/')).body, /<meta name="build-id" content="([^"]+)"/);
    const current = await get(`/builds/meta/${buildId}.json`);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ id: buildId, current: true });
    expect(current.headers['cache-control']).toBe('no-store');
    expect((await get('/builds/meta/0123456789abcdef.json')).statusCode).toBe(404);
    // The client-rendered screens carry the build id too, so every open tab can notice a deployment.
    expect((await get('/home')).body).toContain(`<meta name="build-id" content="${buildId}" />`);
  });

  it('serves robots.txt pointing at the sitemap and keeps the workbench out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /home');
    expect(res.body).toContain('Sitemap: http://localhost:80/sitemap.xml');
  });

  it('keeps private screens client-rendered and never serves the server renderer as a file', async () => {
    const home = await get('/home');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"></div>');
    expect((await get('/ssr/entry-server.js')).statusCode).toBe(404);
    expect((await get('/ssr/entry-server.js')).body).not.toContain('renderToString');
  });

  it('renders the signed-out landing page as the light island (no antd styles), signed in as the whole app', async () => {
    const payloadOf = (html: string) =>
      JSON.parse(tag(html, /<script type="application\/json" id="__payload">([^<]*)<\/script>/) ?? 'null');
    const anonymous = (await get('/')).body;
    expect(payloadOf(anonymous)).toMatchObject({ path: '/', status: 200, island: true });
    // antd's CSS-in-JS writes <style> tags only when antd renders: the island has none.
    expect(anonymous).not.toMatch(/<style[^>]*data-(rc|css-hash|token-hash)/);
    expect(rootText(anonymous)).toContain('免费开始写标书');
    // The prices and the footer's configuration are rendered in (the island fetches nothing), and the
    // whole app takes over from the same cache.
    expect(rootText(anonymous)).toMatch(/¥\s*\d/);
    expect(payloadOf(anonymous).queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual(
      expect.arrayContaining([
        ['commerce', 'packages'],
        ['common', 'clientConfig'],
      ]),
    );
    const signedIn = (await get('/', { cookie: 'Admin-Session=some-marker' })).body;
    expect(payloadOf(signedIn).island).toBeUndefined();
    expect(rootText(signedIn)).toContain('进入工作台');
    expect(payloadOf((await get('/demo')).body).island).toBeUndefined();
  });

  it("renders an existing article for a signed-out visitor as the island with its data; a missing one is the whole app's 404", async () => {
    const payloadOf = (html: string) =>
      JSON.parse(tag(html, /<script type="application\/json" id="__payload">([^<]*)<\/script>/) ?? 'null');
    const res = await get('/help/getting-started.html');
    expect(res.statusCode).toBe(200);
    const payload = payloadOf(res.body);
    expect(payload).toMatchObject({ path: '/help/getting-started.html', status: 200, island: true });
    // The island renders from the same query cache the whole app hydrates from when it takes over.
    expect(payload.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual(
      expect.arrayContaining([
        ['content', 'detail', 'help', 'getting-started'],
        ['content', 'list', 'help'],
      ]),
    );
    expect(res.body).not.toMatch(/<style[^>]*data-(rc|css-hash|token-hash)/);
    expect(rootText(res.body)).toContain('五分钟上手标书 AI');
    expect(tag(res.body, /<title>([^<]*)<\/title>/)).toContain('五分钟上手标书 AI');
    expect(res.body).toContain('"@type":"Article"');
    const missing = await get('/help/no-such-article.html');
    expect(missing.statusCode).toBe(404);
    expect(payloadOf(missing.body)).toMatchObject({ status: 404 });
    expect(payloadOf(missing.body).island).toBeUndefined();
    expect(
      payloadOf((await get('/help/getting-started.html', { cookie: 'Admin-Session=some-marker' })).body)
        .island,
    ).toBeUndefined();
  });

  it('renders the header of a signed-in visitor as the browser will (workbench entry instead of login)', async () => {
    const anonymous = rootText((await get('/demo')).body);
    expect(anonymous).toContain('免费试用');
    const signedIn = rootText((await get('/demo', { cookie: 'Admin-Session=some-marker' })).body);
    expect(signedIn).toContain('进入工作台');
    expect(signedIn).not.toContain('免费试用');
  });
});
