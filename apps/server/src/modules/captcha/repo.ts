import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/db.ts';

/** The captchas table: one row per live captcha, taken (deleted) when answered. */
export class CaptchaRepo {
  constructor(private readonly db: Db) {}

  insert(row: Database['captchas']) {
    return this.db.insertInto('captchas').values(row).execute();
  }

  deleteExpired(now: string) {
    return this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  }

  /** Deletes the captcha and answers what it held (undefined: there was none). */
  take(id: string) {
    return this.db
      .deleteFrom('captchas')
      .where('id', '=', id)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
  }
}
