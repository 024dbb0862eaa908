/**
 * zod schemas of the API, one file per domain. Each domain module adds its own file and one
 * export line here.
 */
export * from './common.ts';
export * from './health.ts';
export * from './config.ts';
