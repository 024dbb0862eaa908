import type { InterpretationTable } from './tables.ts';
import type { ActorScope } from '../../policy/actor.ts';
import type { Db } from '../../db/db.ts';

/** File interpretations, scoped to their owner. */
export class InterpretationRepo {
  constructor(private readonly db: Db) {}

  insert(row: InterpretationTable) {
    return this.db.insertInto('interpretations').values(row).execute();
  }

  update(id: string, patch: Partial<InterpretationTable>) {
    return this.db.updateTable('interpretations').set(patch).where('id', '=', id).execute();
  }

  /** Changes a record only while it is running: a removed or finished record stays as it is. */
  updateRunning(id: string, patch: Partial<InterpretationTable>) {
    return this.db
      .updateTable('interpretations')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  findOwned(owner: ActorScope, id: string) {
    return this.db
      .selectFrom('interpretations')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirst();
  }

  /**
   * The owner's latest record of the same text and tier in a state: a finished one is reused instead
   * of paying twice, a running one joined instead of started twice.
   */
  findLatestByText(owner: ActorScope, textHash: string, status: 'done' | 'running') {
    return this.db
      .selectFrom('interpretations')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .where('text_hash', '=', textHash)
      .where('status', '=', status)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Any record by id (the job handler: its payload names the record). */
  get(id: string) {
    return this.db.selectFrom('interpretations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of the owner's records, newest first, without their text and analysis. */
  async list(owner: ActorScope, offset: number, limit: number) {
    const base = this.db
      .selectFrom('interpretations')
      .where('interpretations.user_id', '=', owner.userId)
      .where('interpretations.tenant_id', '=', owner.tenantId);
    const [rows, total] = await Promise.all([
      base
        .leftJoin('files', 'files.id', 'interpretations.file_id')
        .select([
          'interpretations.id',
          'interpretations.name',
          'interpretations.file_id',
          'interpretations.status',
          'interpretations.error',
          'interpretations.progress',
          'interpretations.chars',
          'interpretations.created_at',
          'interpretations.updated_at',
          'interpretations.job_id',
          'files.kind as file_kind',
        ])
        .orderBy('interpretations.created_at', 'desc')
        .orderBy('interpretations.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /**
   * The writer's corrected analysis of a finished record, saved only over the version the writer
   * loaded; false when the record is not the owner's, not finished, or another save came first.
   */
  async updateAnalysisAt(owner: ActorScope, id: string, version: number, analysis: string, now: string) {
    const r = await this.db
      .updateTable('interpretations')
      .set((eb) => ({ analysis, updated_at: now, analysis_version: eb('analysis_version', '+', 1) }))
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .where('status', '=', 'done')
      .where('analysis_version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Removes one of the owner's records; false when it is not theirs or already gone. */
  async removeOwned(owner: ActorScope, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('interpretations')
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /**
   * Records from before analyses ran as durable jobs (no job_id) cannot resume after a restart: say so
   * instead of spinning forever. Records with a job are resumed by the queue.
   */
  failStale(before: string) {
    return this.db
      .updateTable('interpretations')
      .set({
        status: 'error',
        error: '解析被中断（服务重启），请重新解析',
        updated_at: new Date().toISOString(),
      })
      .where('status', '=', 'running')
      .where('job_id', 'is', null)
      .where('updated_at', '<', before)
      .execute();
  }
}
