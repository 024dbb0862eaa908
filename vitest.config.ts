import { defineConfig } from 'vitest/config';

/**
 * Projects: unit (pure logic in packages and server), web (React in jsdom), api (a real server on a
 * free port with a fresh SQLite database), api-pg (the same suite on PostgreSQL), api-s3 (the suites
 * that store files, on a local S3 server), api-redis (the job suites on BullMQ),
 * api-scale (two instances in child processes behind a proxy, on PostgreSQL, Redis and S3), e2e (Chromium),
 * bench (each benchmark's small mode).
 * scripts/test.mjs picks which to run and says why any is left out.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Parsing a DOCX or reading a whole tender takes seconds on a busy machine (a forms test
          // timed out at vitest's default 5 s beside a CI run): tests must not depend on its speed.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // antd screens in jsdom take seconds on a busy machine: tests must not depend on its speed.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          // Two instances on PostgreSQL and Redis: their own project (api-scale).
          exclude: ['apps/server/test/**/*.scale.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          include: ['apps/server/test/**/*.test.ts'],
          // The server-process tests spawn the entry point on SQLite; running them twice adds nothing.
          exclude: ['apps/server/test/**/*.process.test.ts', 'apps/server/test/**/*.scale.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pg' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The suites that store files, again with STORAGE=s3 on a local S3 server each file starts.
        test: {
          name: 'api-s3',
          include: [
            'apps/server/test/picture.api.test.ts',
            'apps/server/test/invoice.api.test.ts',
            'apps/server/test/files.api.test.ts',
            'apps/server/test/feedback.api.test.ts',
            'apps/server/test/ocr-upload.api.test.ts',
            'apps/server/test/export.test.ts',
            'apps/server/test/diff.api.test.ts',
          ],
          environment: 'node',
          env: { TEST_STORAGE: 's3' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The suites that run durable jobs, again on BullMQ (REDIS_URL from TEST_REDIS_URL), and
        // fair use with its slots and streams counted in Redis.
        test: {
          name: 'api-redis',
          include: [
            'apps/server/test/ai.crash.api.test.ts',
            'apps/server/test/hardening-fairuse.api.test.ts',
            'apps/server/test/ai.offline.api.test.ts',
            'apps/server/test/interpretation.api.test.ts',
            'apps/server/test/export.test.ts',
            'apps/server/test/diff.api.test.ts',
          ],
          environment: 'node',
          env: { TEST_QUEUE: 'bull' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Two app instances in child processes on one PostgreSQL schema, one Redis prefix and one
        // local S3 bucket, behind a round-robin proxy (issue 32): needs TEST_DATABASE_URL and TEST_REDIS_URL.
        test: {
          name: 'api-scale',
          include: ['apps/server/test/**/*.scale.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        // Every benchmark's small mode: finishes and prints its ratio (bench/small-modes.smoke.ts).
        test: {
          name: 'bench',
          include: ['bench/small-modes.smoke.ts'],
          environment: 'node',
          testTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
