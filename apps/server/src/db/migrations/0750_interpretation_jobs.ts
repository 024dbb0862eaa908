import type { Kysely } from 'kysely';

/**
 * File interpretations run as durable jobs: the record keeps the analysed text (item offsets point
 * into it), the job's progress and stage, and the job's id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('interpretations').addColumn('text', 'text').execute();
  await db.schema
    .alterTable('interpretations')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('interpretations').addColumn('stage', 'text').execute();
  await db.schema.alterTable('interpretations').addColumn('job_id', 'text').execute();
  await db.schema
    .alterTable('interpretations')
    .addColumn('chars', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Records finished before this migration are complete.
  await db.updateTable('interpretations').set({ progress: 100 }).where('status', '=', 'done').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['chars', 'job_id', 'stage', 'progress', 'text'])
    await db.schema.alterTable('interpretations').dropColumn(c).execute();
}
