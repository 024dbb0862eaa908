import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The settings table: one JSON text per key. */
export class SettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value ?? null;
  }
}
