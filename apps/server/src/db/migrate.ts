import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Reads every `NNNN_name.ts` in db/migrations; domains add files without touching a registry. */
class DirectoryMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      out[f.replace(/\.ts$/, '')] = (await import(
        pathToFileURL(path.join(MIGRATIONS_DIR, f)).href
      )) as Migration;
    }
    return out;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Kysely decides whether its migration tables exist by looking at every schema of the database;
  // with several schemas (one per API test run) it would find another run's table. Pin it to ours.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    migrationTableSchema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
  }
  const migrator = new Migrator({
    db,
    provider: new DirectoryMigrationProvider(),
    allowUnorderedMigrations: true,
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
