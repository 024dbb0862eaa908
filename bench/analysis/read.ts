import path from 'node:path';
import { parseFileAt } from '../../apps/server/src/files/parse-core.ts';
import { CORPUS_DIR } from './evaluate.ts';

export const MODES = ['text', 'docx', 'pdf'] as const;
export type Mode = (typeof MODES)[number];

const LIMITS = {
  maxPages: 500,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxEntries: 5000,
  maxTextChars: 2_000_000,
};

/** The text of a corpus tender as the analysis receives it: pasted, or extracted from its upload. */
export async function tenderText(id: string, pasted: string, mode: Mode): Promise<string> {
  if (mode === 'text') return pasted;
  return (await parseFileAt(path.join(CORPUS_DIR, `${id}.${mode}`), mode, LIMITS)).text;
}
