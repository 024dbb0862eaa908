import { accountEndpoints } from './endpoints/account.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { aiEndpoints } from './endpoints/ai.ts';
import { bidEndpoints } from './endpoints/bid.ts';
import { commerceEndpoints } from './endpoints/commerce.ts';
import { contentEndpoints } from './endpoints/content.ts';
import { invoiceEndpoints } from './endpoints/invoice.ts';
import { feedbackEndpoints } from './endpoints/feedback.ts';
import { inviteEndpoints } from './endpoints/invite.ts';
import { aiProviderEndpoints } from './endpoints/ai-provider.ts';
import { templateConsoleEndpoints } from './endpoints/template-console.ts';
import type { Endpoint } from './endpoints/define.ts';
import { libraryEndpoints } from './endpoints/library.ts';
import { reviewEndpoints } from './endpoints/review.ts';
import { formsEndpoints } from './endpoints/forms.ts';
import { amendmentEndpoints } from './endpoints/amendment.ts';

export type { Endpoint, EndpointKind } from './endpoints/define.ts';
export { parseResult, pathOf } from './endpoints/define.ts';

/**
 * The one endpoint table: each domain keeps its rows in endpoints/<domain>.ts (so several people can
 * add rows at once); this object is what the web client and the API tests use.
 */
export const endpoints = {
  ...accountEndpoints,
  ...bidEndpoints,
  ...aiEndpoints,
  ...reviewEndpoints,
  ...formsEndpoints,
  ...amendmentEndpoints,
  ...libraryEndpoints,
  ...commerceEndpoints,
  ...contentEndpoints,
  ...invoiceEndpoints,
  ...feedbackEndpoints,
  ...inviteEndpoints,
  ...aiProviderEndpoints,
  ...templateConsoleEndpoints,
  ...adminEndpoints,
} as const;

export type EndpointName = keyof typeof endpoints;
export type RequestOf<E> = E extends Endpoint<infer Req, unknown> ? Req : never;
export type ResultOf<E> = E extends Endpoint<unknown, infer Res> ? Res : never;

/** The endpoint answering `method path` (path under /api, without the query string). */
export function endpointFor(method: string, path: string): Endpoint<unknown, unknown> | undefined {
  return Object.values(endpoints).find((e) => e.method === method.toUpperCase() && e.path === path);
}
