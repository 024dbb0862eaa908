import type { Database } from '../../db/schema.ts';
import { type Db, inTx } from '../../db/db.ts';

export type JobChapterRow = Database['ai_job_chapters'];

/** SQLite caps the parameters of one statement: rows are inserted in slices. */
const SLICE = 500;

/**
 * The chapters of a full-text job (`ai_job_chapters`): each chapter's outcome, so that a job
 * resumed after a crash skips what was saved. Every method takes the transaction to join as its
 * optional last argument.
 */
export class JobChapterRepo {
  constructor(private readonly db: Db) {}

  list(jobId: string, db: Db = this.db): Promise<JobChapterRow[]> {
    return db.selectFrom('ai_job_chapters').selectAll().where('job_id', '=', jobId).orderBy('sort').execute();
  }

  /** The job's chapters in the order they are written, inserted in one transaction. */
  async plan(rows: JobChapterRow[]): Promise<void> {
    await inTx(this.db, async (trx) => {
      for (let i = 0; i < rows.length; i += SLICE)
        await trx
          .insertInto('ai_job_chapters')
          .values(rows.slice(i, i + SLICE))
          .execute();
    });
  }

  async update(
    jobId: string,
    catalogId: string,
    patch: Partial<JobChapterRow>,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .updateTable('ai_job_chapters')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('job_id', '=', jobId)
      .where('catalog_id', '=', catalogId)
      .execute();
  }

  /** Marks the chapter done unless it already is; false when an earlier run saved it (a replay). */
  async markDone(jobId: string, catalogId: string, engine: string, db: Db = this.db): Promise<boolean> {
    const r = await db
      .updateTable('ai_job_chapters')
      .set({ status: 'done', engine, error: null, updated_at: new Date().toISOString() })
      .where('job_id', '=', jobId)
      .where('catalog_id', '=', catalogId)
      .where('status', '!=', 'done')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
