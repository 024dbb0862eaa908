/**
 * zod schemas of the API, one file per domain. Each domain module adds its own file and one
 * export line here.
 */
export * from './text.ts';
export * from './common.ts';
export * from './health.ts';
export * from './config.ts';
export * from './bid.ts';
export * from './checks.ts';
export * from './catalog.ts';
export * from './user.ts';
export * from './ai.ts';
export * from './analysis.ts';
export * from './forms.ts';
export * from './amendment.ts';
export * from './interpretation.ts';
export * from './review.ts';
export * from './file.ts';
export * from './auth.ts';
export * from './employee.ts';
export * from './picture.ts';
export * from './elements.ts';
export * from './export.ts';
export * from './knowledge.ts';
export * from './diff.ts';
export * from './commerce.ts';
export * from './invoice.ts';
export * from './admin.ts';
export * from './feedback.ts';
export * from './invite.ts';
export * from './ai-provider.ts';
export * from './template-console.ts';
export * from './content.ts';
export * from './responses.ts';
