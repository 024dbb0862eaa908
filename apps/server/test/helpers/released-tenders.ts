import fs from 'node:fs';
import path from 'node:path';

/**
 * The released tenders (t1–t5 with their gold files) live beside the repository, in
 * ../shared/tenders, and are never committed. A test that needs them skips with a one-line reason
 * when the folder is absent, except under CI=true, where their absence is a failure.
 */
export const RELEASED_DIR = path.resolve(import.meta.dirname, '../../../../../shared/tenders');

const ci = process.env.CI === 'true' || process.env.CI === '1';

export interface Released {
  /** False: the folder is absent (the tests that need it skip). */
  available: boolean;
  file(name: string): string;
}

export function releasedTenders(): Released {
  const available = fs.existsSync(path.join(RELEASED_DIR, 't5-service.pdf'));
  if (!available) {
    const reason = `released tenders not found at ${path.relative(process.cwd(), RELEASED_DIR)}: their tests are skipped`;
    if (ci) throw new Error(`CI=true: ${reason}`);
    console.warn(reason);
  }
  return { available, file: (name) => path.join(RELEASED_DIR, name) };
}
