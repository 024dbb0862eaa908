#!/usr/bin/env node
// `npm start`: builds the web app if it has not been built, then runs the server (which migrates).
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

// The server renderer is part of the build: a build from before it existed is redone.
if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/web/dist/ssr/entry-server.js')) {
  console.log('building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
