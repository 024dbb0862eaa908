import { COMMERCE_MSG } from '@bid/shared';
import { forbidden } from '../http/errors.ts';
import type { Actor } from './actor.ts';

/**
 * Operators of the product (table `operators`, made by `npm run admin -- create-operator`): they
 * reach /admin and every /api/admin/** call, and curate the public knowledge library. The table is
 * read and written by operator-repo.ts.
 */
export interface OperatorDirectory {
  isOperator(userId: string): Promise<boolean>;
}

/** The operator rule: throws 403 for anyone else. */
export async function authorizeOperator(
  directory: OperatorDirectory,
  actor: Pick<Actor, 'userId'>,
): Promise<void> {
  if (!(await directory.isOperator(actor.userId))) throw forbidden(COMMERCE_MSG.notOperator);
}
