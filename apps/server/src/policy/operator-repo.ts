import { nowIso } from '../lib/ids.ts';
import type { OperatorDirectory } from './operator.ts';
import type { Db } from '../db/db.ts';

/** The operators table. */
export class SqlOperatorDirectory implements OperatorDirectory {
  constructor(private readonly db: Db) {}

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
