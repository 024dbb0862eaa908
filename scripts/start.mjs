#!/usr/bin/env node
// `npm start`: builds the web app when it has not been built from the current sources, then runs the
// server (which migrates).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

/** What the web build is made of; a change to any of it (a pull, an edit) means a new build. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/document/src',
  'package-lock.json',
];
const STAMP = 'apps/web/dist/.sources';

function fingerprint() {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (name !== 'node_modules') walk(join(p, name));
    } else {
      hash.update(`${p}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) walk(s);
  return hash.digest('hex');
}

const want = fingerprint();
const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
// The server renderer is part of the build: a build without it is redone too.
if (
  built !== want ||
  !existsSync('apps/web/dist/index.html') ||
  !existsSync('apps/web/dist/ssr/entry-server.js')
) {
  console.log(
    existsSync('apps/web/dist/index.html')
      ? 'rebuilding the web app (its sources changed)…'
      : 'building the web app (first start)…',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${want}\n`);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
