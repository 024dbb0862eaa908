#!/usr/bin/env node
// `npm test`: builds the web app when needed, then runs every Vitest project this machine can run.
// PostgreSQL tests need TEST_DATABASE_URL and browser tests need Chromium; without them those
// projects are left out with a one-line reason, except under CI=true where that is a failure.
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
// api-s3 starts its own local S3 server (s3rver): it needs nothing from the machine.
const projects = ['unit', 'web', 'api', 'api-s3'];
const missing = [];

if (process.env.TEST_DATABASE_URL) projects.push('api-pg');
else missing.push('PostgreSQL API tests skipped: TEST_DATABASE_URL is not set');

// Jobs on BullMQ (and the Redis-backed unit tests) need TEST_REDIS_URL.
if (process.env.TEST_REDIS_URL) projects.push('api-redis');
else missing.push('Redis (BullMQ) tests skipped: TEST_REDIS_URL is not set');

// Two instances behind a proxy (issue 32) share one PostgreSQL database and one Redis.
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) projects.push('api-scale');
else missing.push('two-instance tests skipped: they need both TEST_DATABASE_URL and TEST_REDIS_URL');

// Word export is checked by converting to PDF (LibreOffice) and reading the text back (poppler).
const hasCommand = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const office = hasCommand('soffice') && hasCommand('pdftotext');
if (!office)
  missing.push(
    'Word-to-PDF checks skipped: soffice or pdftotext not found (apt-get install -y libreoffice-writer-nogui poppler-utils)',
  );

const chromium = chromiumPath();
// Every benchmark's small mode (bench/small-modes.smoke.ts): they need the tools of their anchors.
if (chromium && office && hasCommand('pandoc') && hasCommand('pdfinfo')) projects.push('bench');
else
  missing.push(
    'benchmark small modes skipped: they need Chromium, LibreOffice, poppler and pandoc (apt-get install -y pandoc)',
  );
if (chromium && office) projects.push('e2e');
else if (!chromium) missing.push('browser tests skipped: Chromium not found (apt-get install -y chromium)');
else missing.push('browser tests skipped: they export Word files and need LibreOffice too');

for (const line of missing) console.log(line);
if (ci && missing.length) {
  console.error('CI=true: nothing may be skipped.');
  process.exit(1);
}

if (projects.includes('e2e') || projects.includes('bench')) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...process.argv.slice(2)];
const env = {
  ...process.env,
  CHROMIUM_PATH: chromium ?? '',
  ...(office ? {} : { SKIP_LIBREOFFICE_TESTS: '1' }),
};
const run = spawnSync('npx', args, { stdio: 'inherit', env });
process.exit(run.status ?? 1);
