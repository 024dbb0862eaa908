import type { Insertable, Updateable } from 'kysely';
import type { PackageTable } from './tables.ts';
import type { Db } from '../../db/db.ts';

/** packages: the catalogue the console edits and buyers choose from. */
export class PackageRepo {
  constructor(private readonly db: Db) {}

  /** Every package in the console's order. */
  all() {
    return this.db.selectFrom('packages').selectAll().orderBy('sort').orderBy('id').execute();
  }

  /** The packages on sale, in the shop's order. */
  enabled() {
    return this.db
      .selectFrom('packages')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  enabledById(id: string) {
    return this.db
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
  }

  byId(id: string) {
    return this.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async insert(row: Insertable<PackageTable>): Promise<void> {
    await this.db.insertInto('packages').values(row).execute();
  }

  update(id: string, values: Updateable<PackageTable>) {
    return this.db.updateTable('packages').set(values).where('id', '=', id).executeTakeFirst();
  }
}
