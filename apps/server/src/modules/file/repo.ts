import type { FileTable } from './tables.ts';
import type { ActorScope } from '../../policy/actor.ts';
import type { Db } from '../../db/db.ts';

/** Uploaded tender files; every read is scoped to the uploader. */
export class FileRepo {
  constructor(private readonly db: Db) {}

  insert(row: FileTable) {
    return this.db.insertInto('files').values(row).execute();
  }

  findOwned(owner: ActorScope, id: string) {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirst();
  }

  /** For trusted internal callers (a bid's own file, read by its job). */
  findById(id: string) {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
