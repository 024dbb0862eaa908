import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.ts';

/** The folders of DATA_DIR that hold stored objects (the database, keys and outboxes stay local). */
export const STORED_FOLDERS = ['uploads', 'pictures', 'exports'] as const;

export interface MigrationReport {
  copied: number;
  skipped: number;
  removed: number;
  bytes: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (e.isFile()) yield full;
  }
}

/**
 * Copies every stored file of a DATA_DIR into `target` under the same key (uploads/…, pictures/…,
 * exports/…), streaming each one; a key already there is left alone, so the command can be run
 * again after an interruption. Temporary files (uploads/tmp, *.tmp) are not objects. With
 * `removeLocal`, a file is deleted once the target holds it.
 */
export async function migrateDataDir(
  dataDir: string,
  target: Storage,
  opts: { removeLocal?: boolean; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, removed: 0, bytes: 0 };
  for (const folder of STORED_FOLDERS) {
    for await (const file of walk(path.join(dataDir, folder))) {
      const key = path.relative(dataDir, file).split(path.sep).join('/');
      if (key.startsWith('uploads/tmp/') || key.endsWith('.tmp')) continue;
      if (await target.exists(key)) report.skipped++;
      else {
        const size = (await fsp.stat(file)).size;
        await target.put(key, fs.createReadStream(file));
        report.copied++;
        report.bytes += size;
        opts.log?.(`copied ${key} (${size} bytes)`);
      }
      if (opts.removeLocal && (await target.exists(key))) {
        await fsp.rm(file, { force: true });
        report.removed++;
      }
    }
  }
  return report;
}
