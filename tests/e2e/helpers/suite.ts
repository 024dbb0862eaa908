import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../../../apps/server/test/helpers/test-server.ts';
import {
  assertWebBuilt,
  launchBrowser,
  newPageWithErrors,
  WEB_DIST_INDEX,
  type TrackedPage,
} from './browser.ts';

/**
 * A private copy of the built app: a rebuild of apps/web/dist while a suite runs (a developer's
 * `npm run build`) would otherwise take away the lazily loaded screens the open pages still ask for.
 * A copy taken mid-build is retried.
 */
function snapshotWebDist(): string {
  const src = path.dirname(WEB_DIST_INDEX);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-web-'));
    fs.cpSync(src, dir, { recursive: true });
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    if (assets.length && assets.every((a) => fs.existsSync(path.join(dir, a)))) return dir;
    fs.rmSync(dir, { recursive: true, force: true });
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
  }
  throw new Error('apps/web/dist is incomplete (a build is running?)');
}

export interface BrowserSuite {
  readonly server: TestServer;
  /** A fresh browser context (own cookies) on the suite's server, logged in when given a token; closed after the suite. */
  newPage(token?: string): Promise<TrackedPage>;
}

/**
 * Registers the suite's beforeAll/afterAll: a copy of the built app, a real server serving it on a free
 * port with a fresh database, and Debian's Chromium; everything is closed and removed afterwards.
 * `start` starts the server with extra settings; it must pass on the `env` it is given (WEB_DIST).
 */
export function browserSuite(
  start: (env: Record<string, string>) => Promise<TestServer> = (env) => startTestServer(env),
): BrowserSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let webDist: string | undefined;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    webDist = snapshotWebDist();
    server = await start({ WEB_DIST: webDist });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const t of pages) await t.close().catch(() => {});
    await browser?.close();
    await server?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(
        `browserSuite: the ${what} is not started yet (use it inside tests or a later beforeAll)`,
      );
    return value;
  };

  return {
    get server() {
      return started(server, 'server');
    },
    async newPage(token?: string) {
      const t = await newPageWithErrors(started(browser, 'browser'), {
        baseURL: started(server, 'server').baseUrl,
        token,
      });
      pages.push(t);
      return t;
    },
  };
}
