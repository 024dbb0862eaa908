import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The health check's one query: the database answers. */
export class HealthService {
  constructor(private readonly db: Kysely<Database>) {}

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
