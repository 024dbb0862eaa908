import { describe, expect, it } from 'vitest';
import { unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const POLL = { timeout: 20_000 };

/** The buttons and in-site links of the page, in document order: the island hands a click over by index. */
function clickables(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.bs-public a[href], .bs-public button, .bs-cs button')].map(
      (e) => `${e.tagName}:${e.textContent?.trim() || e.getAttribute('aria-label')}`,
    ),
  );
}

/**
 * The signed-out landing and article pages are an island (issue 18): server-rendered HTML that runs no
 * React until the first click, which loads the whole app; the app then receives that click on the same
 * element.
 */
describe('landing page island (browser)', () => {
  const suite = browserSuite();

  it('runs no React before the first click, which loads the whole app and opens the login dialog, a nav link navigates inside the app', async () => {
    const { page, errors } = await suite.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
      });
    });
    await page.goto('/');
    await expect.poll(() => page.getByTestId('public-prices').innerText(), POLL).toContain('¥');
    await page.waitForLoadState('networkidle');
    // Only the entry runs before the first click: no React, no app.
    expect(scripts.filter((s) => !/\/index-[^/]+\.js$/.test(s))).toEqual([]);
    // Nothing replaced the server's nodes.
    expect(
      await page.evaluate(
        () => (window as unknown as { serverH1: Element | null }).serverH1 === document.querySelector('h1'),
      ),
    ).toBe(true);

    await page.locator('.bs-site-header').getByRole('button', { name: '免费试用' }).click();
    await page.getByTestId('login-dialog').waitFor();
    expect(scripts.some((s) => /\/fullApp-[^/]+\.js$/.test(s))).toBe(true);
    // The whole app shows the same page, prices included (handed over from the island).
    expect(await page.getByTestId('public-prices').innerText()).toContain('¥');
    await page.keyboard.press('Escape');
    await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '常见问题' }).click();
    await page.waitForURL((u) => u.pathname === '/more/question.html');
    await expect.poll(() => page.title(), POLL).toBe('常见问题 - 标书 AI');

    // A fresh visit: the first click is a link, handed to the app's router (no full page load).
    const second = await suite.newPage();
    await second.page.goto('/');
    await second.page.waitForLoadState('networkidle');
    await second.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await second.page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: '产品演示' })
      .click();
    await second.page.waitForURL((u) => u.pathname === '/demo');
    await expect.poll(() => second.page.title(), POLL).toBe('产品演示 - 标书 AI');
    expect(await second.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(second.errors)).toEqual([]);
  });

  it('a help article opened from a search engine is the island; a side link and 开始写标书 work through the whole app', async () => {
    const { page, errors } = await suite.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/help/getting-started.html');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => !/\/index-[^/]+\.js$/.test(s))).toEqual([]);
    await expect.poll(() => page.locator('h1').innerText(), POLL).toBe('五分钟上手标书 AI');
    expect(await page.locator('.bs-markdown').innerText()).not.toBe('');
    const island = await clickables(page);
    expect(island).toContain('A:如何上传或粘贴招标文件');

    // 开始写标书 opens the login dialog once the whole app has taken over the same page.
    await page.locator('.bs-side-card').getByRole('button', { name: '开始写标书' }).click();
    await page.getByTestId('login-dialog').waitFor();
    expect(scripts.some((s) => /\/fullApp-[^/]+\.js$/.test(s))).toBe(true);
    expect(await clickables(page)).toEqual(island);
    await page.keyboard.press('Escape');
    await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });

    // A side link on a fresh visit navigates inside the app, to the other article.
    const second = await suite.newPage();
    await second.page.goto('/help/getting-started.html');
    await second.page.waitForLoadState('networkidle');
    await second.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await second.page.locator('.bs-side-card').getByRole('link', { name: '如何上传或粘贴招标文件' }).click();
    await second.page.waitForURL((u) => u.pathname === '/help/upload-tender.html');
    await expect.poll(() => second.page.locator('h1').innerText(), POLL).toBe('如何上传或粘贴招标文件');
    await expect.poll(() => second.page.title(), POLL).toBe('如何上传或粘贴招标文件 - 帮助中心 - 标书 AI');
    expect(await second.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    // News items show their category label in the island too.
    const third = await suite.newPage();
    await third.page.goto('/dynamic/1.html');
    await third.page.waitForLoadState('networkidle');
    expect(await third.page.locator('.bs-article .bs-tag').innerText()).toBe('产品更新');
    expect(await third.page.locator('h1').innerText()).toBe('全文写作支持后台运行');
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(second.errors)).toEqual([]);
    expect(unexpectedErrors(third.errors)).toEqual([]);
  });
});
