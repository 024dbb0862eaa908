import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { searchText } from '../../apps/server/src/modules/content/search.ts';
import { gotoReady, newPageWithErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

/** MOBILE_SHOTS_DIR: where to save screenshots of every route at 390 px (none when unset). */
const SHOTS = process.env.MOBILE_SHOTS_DIR;

/** A help article whose Markdown has a wide table and a long code line: they must scroll inside the text, not widen the page. */
const WIDE_CODE = 'wide-table';
const WIDE_BODY = [
  '## 评分表',
  '',
  '| 评分项 | 分值 | 评分标准 | 对应章节 | 证明材料 | 备注 |',
  '| --- | --- | --- | --- | --- | --- |',
  '| 技术方案的完整性与可行性 | 20 | 方案完整、可行，得 15–20 分；基本完整得 8–14 分 | 第三章 技术方案 | 方案说明、流程图 | 缺项扣分 |',
  '| 项目管理与进度计划 | 10 | 进度计划合理、保障措施明确 | 第五章 进度计划 | 甘特图 | — |',
  '',
  '```',
  'https://example.com/a/very/long/path/that/does/not/wrap/anywhere/in/a/code/block/because/pre/keeps/white/space/as/it/is',
  '```',
].join('\n');

/** Every public page of the site, with real content codes from the seed (migration 1400). */
const ROUTES = [
  '/',
  '/help/getting-started.html',
  `/help/${WIDE_CODE}.html`,
  '/question/1.html',
  '/dynamic/1.html',
  '/search.html',
  '/search.html?q=额度',
  '/more/call-me.html',
  '/more/make-book.html',
  '/more/more-dynamic.html',
  '/more/partner.html',
  '/more/question.html',
  '/more/video.html',
  '/more/website-map.html',
  '/more/welfare.html',
  '/demo',
  '/sse',
  '/pop',
];

const PHONE = { width: 390, height: 844 };
/** Other phones, and the edges of the tablet range (the desktop layout starts at 1024 px). */
const OTHER_WIDTHS = [360, 414, 768, 1023];

interface Fit {
  width: number;
  scrollWidth: number;
  innerWidth: number;
  /** Elements whose right edge passes the viewport (what to fix when the page overflows). */
  wide: string[];
  login: { visible: boolean; left: number; right: number; top: number; bottom: number } | null;
}

/** How the page fits the current viewport: its scroll width, the widest elements, and where the header's 登录 button is. */
async function measure(page: Page, width: number): Promise<Fit> {
  // One frame so that a resize has been laid out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return page.evaluate((viewport) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > viewport + 1 && e.getClientRects().length > 0)
      .filter((e) => !e.closest('.bs-markdown pre, .bs-markdown table, .bs-site-nav'))
      .slice(0, 8)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} right=${Math.round(e.getBoundingClientRect().right)}`,
      );
    const button = [...document.querySelectorAll('.bs-site-header button')].find(
      (b) => b.textContent?.replace(/\s/g, '') === '登录',
    );
    const r = button?.getBoundingClientRect();
    const style = button ? getComputedStyle(button) : null;
    return {
      width: viewport,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wide,
      login:
        r && style
          ? {
              visible:
                r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none',
              left: r.left,
              right: r.right,
              top: r.top,
              bottom: r.bottom,
            }
          : null,
    };
  }, width);
}

function expectFits(route: string, fit: Fit): void {
  const where = `${route} at ${fit.width} px`;
  // innerWidth alone would hide an overflow: a mobile browser zooms out to show a page that is too wide.
  expect(fit.innerWidth, `${where}: the browser zoomed out`).toBe(fit.width);
  expect(
    fit.scrollWidth,
    `${where}: the page scrolls sideways; too wide: ${fit.wide.join(', ')}`,
  ).toBeLessThanOrEqual(fit.innerWidth);
  expect(fit.login, `${where}: no 登录 button in the header`).not.toBeNull();
  expect(fit.login!.visible, `${where}: 登录 is hidden`).toBe(true);
  expect(fit.login!.left, `${where}: 登录 starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(fit.login!.right, `${where}: 登录 ends right of the screen`).toBeLessThanOrEqual(fit.width);
  expect(fit.login!.top, `${where}: 登录 is above the screen`).toBeGreaterThanOrEqual(0);
}

/** The public site on a phone: no page scrolls sideways and the header's 登录 stays on the screen. */
describe('public site on a phone (browser)', () => {
  const suite = browserSuite();

  // The wide help article, once the suite's server runs (its beforeAll is registered first).
  beforeAll(async () => {
    const db = suite.server.built.ctx.db;
    const at = new Date().toISOString();
    await db
      .insertInto('contents')
      .values({
        id: newId(),
        kind: 'help',
        code: WIDE_CODE,
        category: '帮助',
        title: '评分表示例',
        summary: '一张很宽的表',
        body: WIDE_BODY,
        search_text: searchText('评分表示例', '', WIDE_BODY),
        published: 1,
        sort: 999,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });

  /** A phone-sized context (touch, mobile viewport) on the suite's browser and server. */
  async function phonePage() {
    const desktop = await suite.newPage();
    return newPageWithErrors(desktop.context.browser()!, {
      baseURL: suite.server.baseUrl,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
  }

  it('every public route fits 360, 390, 414, 768 and 1023 px without sideways scrolling, with 登录 on the screen', async () => {
    const { page, context } = await phonePage();
    if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
    const failures: string[] = [];
    for (const route of ROUTES) {
      await page.setViewportSize(PHONE);
      await gotoReady(page, route);
      await page.waitForLoadState('networkidle');
      if (SHOTS)
        await page.screenshot({
          path: path.join(SHOTS, `390${route.replace(/[/?=]/g, '_')}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      for (const width of [PHONE.width, ...OTHER_WIDTHS]) {
        await page.setViewportSize({ width, height: PHONE.height });
        const fit = await measure(page, width);
        try {
          expectFits(route, fit);
        } catch (e) {
          failures.push((e as Error).message.split('\n')[0]);
        }
      }
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  it('the markdown table and code block scroll inside the article, on a phone and on a desktop', async () => {
    const { page, context } = await phonePage();
    await gotoReady(page, `/help/${WIDE_CODE}.html`);
    for (const width of [PHONE.width, 1280]) {
      await page.setViewportSize({ width, height: PHONE.height });
      const boxes = await page.evaluate(() => {
        const article = document.querySelector('.bs-article')!.getBoundingClientRect();
        return ['.bs-markdown table', '.bs-markdown pre'].map((sel) => {
          const el = document.querySelector(sel) as HTMLElement;
          const r = el.getBoundingClientRect();
          return {
            sel,
            right: r.right,
            articleRight: article.right,
            scrolls: el.scrollWidth > el.clientWidth,
            overflowX: getComputedStyle(el).overflowX,
          };
        });
      });
      for (const b of boxes) {
        expect(b.right, `${b.sel} passes its article at ${width} px`).toBeLessThanOrEqual(b.articleRight);
        // On the phone both are wider than the column; on the desktop the code line still is.
        if (width === PHONE.width || b.sel === '.bs-markdown pre')
          expect(b.scrolls, `${b.sel} should scroll sideways inside its box at ${width} px`).toBe(true);
        expect(b.overflowX).toBe('auto');
      }
    }
    await context.close();
  });
});
