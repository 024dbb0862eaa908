import fs from 'node:fs';
import path from 'node:path';
import { parseFileAt } from '../../apps/server/src/files/parse-core.ts';
import { CORPUS_DIR, type Gold } from './evaluate.ts';

/**
 * The tenders the analysis is measured on, each in every form a writer gives it to the product:
 * - the corpus (apps/server/test/corpus): tenders written here, including each blind round's
 *   tenders once their first run is recorded (gold `round`), pasted and as DOCX/PDF uploads;
 * - the released set (../shared/tenders beside the repo): five tenders written outside the project,
 *   with gold in their own format, adapted here (clauses there are paraphrases, not key phrases).
 */

export type Form = 'text' | 'docx' | 'pdf';

export interface Tender {
  id: string;
  set: 'corpus' | 'released';
  round: string | null;
  gold: Gold;
  /** The 包 a bidder bids on, when the gold is written for one 包 only. */
  targetLot: number | null;
  forms: Array<{ form: Form; file: string | null }>;
  pasted: string;
}

const LIMITS = {
  maxPages: 500,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxEntries: 5000,
  maxTextChars: 2_000_000,
};

/** The text the analysis receives in one form: pasted, or extracted from the upload. */
export async function formText(t: Tender, form: Form): Promise<string> {
  const f = t.forms.find((x) => x.form === form);
  if (!f) throw new Error(`${t.id} has no ${form} form`);
  if (!f.file) return t.pasted;
  return (await parseFileAt(f.file, form as 'docx' | 'pdf', LIMITS)).text;
}

export function corpusTenders(): Tender[] {
  return fs
    .readdirSync(CORPUS_DIR)
    .filter((f) => /^t\d+\.txt$/.test(f))
    .sort()
    .map((f) => {
      const id = f.replace(/\.txt$/, '');
      const gold = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, `${id}.gold.json`), 'utf8')) as Gold;
      const forms: Tender['forms'] = [{ form: 'text', file: null }];
      // A blind-round tender comes as its author made it; the rest are built from the text.
      const uploads = gold.upload ? [gold.upload] : [`${id}.docx`, `${id}.pdf`];
      for (const u of uploads) {
        const file = path.join(CORPUS_DIR, u);
        if (fs.existsSync(file)) forms.push({ form: path.extname(u).slice(1) as Form, file });
      }
      return {
        id,
        set: 'corpus' as const,
        round: gold.round ?? null,
        gold,
        targetLot: null,
        forms,
        pasted: fs.readFileSync(path.join(CORPUS_DIR, f), 'utf8'),
      };
    });
}

export const RELEASED_DIR = path.resolve(import.meta.dirname, '../../../shared/tenders');

interface ReleasedGold {
  method: string;
  budgetYuan: number;
  bondYuan?: number;
  serviceYears?: number;
  periodDays?: number;
  scoringItems: Array<{ category: string; name: string; points: number }>;
  starClauses: string[];
  invalidClauses: string[];
  mandatedOutline: string[];
  lots?: number;
  pageLimit?: number | null;
  darkBid?: boolean;
  deviationTables?: string[];
  targetLot?: number;
}

/** The released tenders with their gold in the corpus's terms; [] when ../shared is not beside. */
export function releasedTenders(): Tender[] {
  if (!fs.existsSync(RELEASED_DIR)) return [];
  return fs
    .readdirSync(RELEASED_DIR)
    .filter((f) => /^t\d+\.gold\.json$/.test(f))
    .sort()
    .map((f) => {
      const id = f.replace(/\.gold\.json$/, '');
      const g = JSON.parse(fs.readFileSync(path.join(RELEASED_DIR, f), 'utf8')) as ReleasedGold;
      const files = fs.readdirSync(RELEASED_DIR).filter((x) => x.startsWith(`${id}-`));
      const txt = files.find((x) => x.endsWith('.txt'))!;
      const forms: Tender['forms'] = [{ form: 'text', file: null }];
      for (const x of files)
        if (/\.(docx|pdf)$/.test(x))
          forms.push({ form: path.extname(x).slice(1) as Form, file: path.join(RELEASED_DIR, x) });
      const gold: Gold = {
        kind: `released ${id}`,
        project: {
          method: g.method,
          budgetAmount: g.budgetYuan,
          bondAmount: g.bondYuan ?? undefined,
          period: g.periodDays != null ? `${g.periodDays}日历天` : undefined,
          periodYears: g.serviceYears,
        },
        scoringItems: g.scoringItems.map((i) => ({ name: i.name, points: i.points, lot: null })),
        starClauses: g.starClauses,
        disqualifications: g.invalidClauses,
        paraphrased: true,
        mandatedOutline: g.mandatedOutline,
        lotCount: g.lots,
        pageLimit: g.pageLimit,
        darkBid: g.darkBid,
        responseTables: g.deviationTables,
      };
      return {
        id: `released-${id}`,
        set: 'released' as const,
        round: null,
        gold,
        targetLot: g.targetLot ?? null,
        forms,
        pasted: fs.readFileSync(path.join(RELEASED_DIR, txt), 'utf8'),
      };
    });
}
