#!/usr/bin/env node
// `npm test`: builds the web app when needed, then runs every Vitest project this machine can run.
// PostgreSQL tests need TEST_DATABASE_URL and browser tests need Chromium; without them those
// projects are left out with a one-line reason, except under CI=true where that is a failure.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const projects = ['unit', 'web', 'api'];
const missing = [];

if (process.env.TEST_DATABASE_URL) projects.push('api-pg');
else missing.push('PostgreSQL API tests skipped: TEST_DATABASE_URL is not set');

const chromium = chromiumPath();
if (chromium) projects.push('e2e');
else missing.push('browser tests skipped: Chromium not found (apt-get install -y chromium)');

for (const line of missing) console.log(line);
if (ci && missing.length) {
  console.error('CI=true: nothing may be skipped.');
  process.exit(1);
}

if (projects.includes('e2e')) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium ?? '' } });
process.exit(run.status ?? 1);
