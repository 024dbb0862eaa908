import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';

/**
 * Shared browser helpers for the e2e suites: Debian's Chromium through playwright-core (Playwright's
 * own browser download is not available), and a page that records console errors and page errors.
 */

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: set CHROMIUM_PATH or apt-get install -y chromium');
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** E2E_WEB_DIST: test another build (a private one while others rebuild apps/web/dist). */
export const WEB_DIST_INDEX = path.resolve(
  process.env.E2E_WEB_DIST ?? path.resolve(HERE, '../../../apps/web/dist'),
  'index.html',
);

/** Browser tests run against the built app: fail early with the command to run instead of a blank page. */
export function assertWebBuilt(): void {
  if (!existsSync(WEB_DIST_INDEX))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
}

export interface PageError {
  kind: 'console' | 'pageerror';
  text: string;
  /** URL of the resource or script the message is about, when known. */
  url: string;
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Every console error and uncaught exception since the page was opened. */
  errors: PageError[];
  close(): Promise<void>;
}

export const DEFAULT_VIEWPORT = { width: 1440, height: 900 };

export interface NewPageOptions extends BrowserContextOptions {
  baseURL?: string;
  /** Sets the session cookies (`Admin-Token` and its marker `Admin-Session`) for this origin before the first request. */
  token?: string;
}

/** A fresh context (own cookies and storage) and a page whose errors are collected. */
export async function newPageWithErrors(browser: Browser, opts: NewPageOptions = {}): Promise<TrackedPage> {
  const { token, ...contextOptions } = opts;
  const context = await browser.newContext({
    viewport: DEFAULT_VIEWPORT,
    locale: 'zh-CN',
    ...contextOptions,
  });
  if (token) {
    if (!opts.baseURL) throw new Error('newPageWithErrors: a token needs baseURL');
    // As the server's login answer sets them: the token HttpOnly, the app's marker readable.
    await context.addCookies([
      { name: 'Admin-Token', value: token, url: opts.baseURL, httpOnly: true, sameSite: 'Lax' },
      { name: 'Admin-Session', value: 'e2e-session', url: opts.baseURL, sameSite: 'Lax' },
    ]);
  }
  const page = await context.newPage();
  const errors: PageError[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error')
      errors.push({ kind: 'console', text: msg.text(), url: msg.location().url ?? '' });
  });
  page.on('pageerror', (err) => errors.push({ kind: 'pageerror', text: err.stack ?? err.message, url: '' }));
  return {
    page,
    context,
    errors,
    close: () => context.close(),
  };
}

/** Errors other than those the caller expects (e.g. the 404 of a page that is meant to be missing). */
export function unexpectedErrors(
  errors: PageError[],
  allow: Array<RegExp | ((e: PageError) => boolean)> = [],
): PageError[] {
  return errors.filter(
    (e) => !allow.some((a) => (a instanceof RegExp ? a.test(e.text) || a.test(e.url) : a(e))),
  );
}

/**
 * Waits until the element and everything in it have finished their CSS animations and transitions.
 * antd dialogs zoom in and menus slide in: a click during that motion can press on one spot and release
 * on another once the element has moved, and the browser then sends the click to a common ancestor.
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.evaluate(async (el) => {
    // An animation that is cancelled (the element closes) rejects `finished`; that is settled too.
    // One that repeats forever (a loading spinner or skeleton shimmer) never finishes: not motion to wait for.
    const finite = el
      .getAnimations({ subtree: true })
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Opens a page and waits until React has rendered or hydrated it: server-rendered buttons do nothing before. */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
}
