import { describe, expect, it } from 'vitest';
import { unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const POLL = { timeout: 20_000 };

/**
 * The signed-out landing page is a light island (issue 18): it hydrates without the whole app, which
 * loads on the first click and then receives that click on the same element.
 */
describe('landing page island (browser)', () => {
  const suite = browserSuite();

  it('hydrates without the whole app; the first click loads it and opens the login dialog, a nav link navigates inside the app', async () => {
    const { page, errors } = await suite.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
      });
    });
    await page.goto('/');
    await expect.poll(() => page.getByTestId('public-prices').innerText(), POLL).toContain('¥');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/island-[^/]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/fullApp-[^/]+\.js$/.test(s))).toEqual([]);
    // Hydration kept the server's nodes.
    expect(await page.evaluate(() => (window as unknown as { serverH1: Element | null }).serverH1 === document.querySelector('h1'))).toBe(true);

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
    await second.page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '产品演示' }).click();
    await second.page.waitForURL((u) => u.pathname === '/demo');
    await expect.poll(() => second.page.title(), POLL).toBe('产品演示 - 标书 AI');
    expect(await second.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(second.errors)).toEqual([]);
  });
});
