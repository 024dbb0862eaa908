import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await handle.close();
}
