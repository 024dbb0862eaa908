import type { Kysely } from 'kysely';
import { COMMERCE_MSG } from '@bid/shared';
import type { Database } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import { nowIso } from '../lib/ids.ts';
import type { Actor } from './actor.ts';

/**
 * Operators of the product (table `operators`, made by `npm run admin -- create-operator`): they
 * reach /admin and every /api/admin/** call, and curate the public knowledge library.
 */
export interface OperatorDirectory {
  isOperator(userId: string): Promise<boolean>;
}

export class SqlOperatorDirectory implements OperatorDirectory {
  constructor(private readonly db: Kysely<Database>) {}

  async isOperator(userId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('operators')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(r);
  }

  /** Idempotent: an operator made twice stays one. */
  async grant(userId: string): Promise<void> {
    if (await this.isOperator(userId)) return;
    await this.db.insertInto('operators').values({ user_id: userId, created_at: nowIso() }).execute();
  }
}

/** The operator rule: throws 403 for anyone else. */
export async function authorizeOperator(
  directory: OperatorDirectory,
  actor: Pick<Actor, 'userId'>,
): Promise<void> {
  if (!(await directory.isOperator(actor.userId))) throw forbidden(COMMERCE_MSG.notOperator);
}
