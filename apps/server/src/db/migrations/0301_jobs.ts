import { sql, type Kysely } from 'kysely';

/** The durable job queue (SQL lease table) and its per-job event log. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('owner_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('jobs_claim_idx')
    .on('jobs')
    .columns(['status', 'lease_expires_at', 'created_at'])
    .execute();
  // One live job per key: a second start loses the insert race instead of running twice.
  await db.schema
    .createIndex('jobs_live_key_uq')
    .on('jobs')
    .column('dedupe_key')
    .unique()
    .where(sql.ref('status'), 'in', sql`('queued', 'running')`)
    .execute();
  await db.schema.createIndex('jobs_key_idx').on('jobs').columns(['dedupe_key', 'created_at']).execute();

  await db.schema
    .createTable('job_events')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_events_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_events').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
