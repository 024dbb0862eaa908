import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

/**
 * A private copy of the built web app with its server renderer (apps/web/dist, built when missing):
 * the tests read it while others may rebuild the shared one.
 */
export function builtWebCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-web-ssr-'));
  // E2E_WEB_DIST: test another build (a private one while others rebuild apps/web/dist).
  const dist = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(WEB, 'dist');
  if (
    fs.existsSync(path.join(dist, 'ssr', 'entry-server.js')) &&
    fs.existsSync(path.join(dist, 'index.html'))
  ) {
    fs.cpSync(dist, dir, { recursive: true });
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    if (
      assets.every((a) => fs.existsSync(path.join(dir, a))) &&
      fs.existsSync(path.join(dir, 'ssr', 'entry-server.js'))
    )
      return dir;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
  }
  const vite = path.join(WEB, 'node_modules/.bin/vite');
  const bin = fs.existsSync(vite) ? vite : path.resolve(WEB, '../../node_modules/.bin/vite');
  execFileSync(bin, ['build', '--outDir', dir, '--emptyOutDir'], { cwd: WEB, stdio: 'ignore' });
  execFileSync(
    bin,
    ['build', '--ssr', 'src/ssr/entry-server.tsx', '--outDir', path.join(dir, 'ssr'), '--emptyOutDir'],
    { cwd: WEB, stdio: 'ignore' },
  );
  return dir;
}
