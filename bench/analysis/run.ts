/**
 * Tender analysis benchmark: recall and precision per field of the offline analysis, per set and
 * per form (pasted text, DOCX, PDF upload):
 * - corpus: tenders written here (apps/server/test/corpus) before each round's;
 * - each blind round: tenders written by someone who had not read the analysis code, today's
 *   figures beside the FIRST run recorded in rounds.json (the figure that counts);
 * - released: the five tenders written outside the project (../shared/tenders).
 * The anchor column is the rule engine before issue 13 (read from git history).
 *   node --import tsx bench/analysis/run.ts            all sets
 *   node --import tsx bench/analysis/run.ts --record r4   also store r4's figures as its first run
 *                                                          (refused when r4 already has one)
 *   … --engine-at <commit>   measure the analysis as it was at <commit> (a round's first run is
 *                            measured on the engine of the day its tenders were written)
 * Exits non-zero when the corpus or the released set misses a goal.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analysisForLot, type TenderAnalysis } from '@bid/shared';
import { analyzeTenderByRules } from '../../apps/server/src/ai/analysis/index.ts';
import { evaluate, FIELDS, GOALS, rate, summarize, type Score } from './evaluate.ts';
import { corpusTenders, formText, releasedTenders, type Form, type Tender } from './sets.ts';

const ANCHOR = '990b3f3';
const ROUNDS = path.join(import.meta.dirname, 'rounds.json');

type Figures = Record<string, { hit: number; total: number }>;
interface Round {
  date: string;
  commit: string;
  tenders: string[];
  forms: Partial<Record<Form, Figures>>;
}

async function anchorEngine(): Promise<((t: string) => TenderAnalysis) | null> {
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchor-'));
    for (const f of ['analyze.ts', 'text.ts']) {
      const src = execFileSync('git', ['show', `${ANCHOR}:apps/server/src/ai/offline/${f}`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      fs.writeFileSync(path.join(dir, f), src);
    }
    const mod = (await import(path.join(dir, 'analyze.ts'))) as {
      analyzeTenderByRules: (t: string) => TenderAnalysis;
    };
    return (t) => {
      const a = mod.analyzeTenderByRules(t);
      // Fields the old engine did not have count as not found.
      return {
        ...a,
        project: { ...a.project, method: null, bondAmount: null, budgetAmount: null },
        lots: [],
        pageLimit: null,
        formatRules: [],
        responseTables: [],
        requirements: [],
        disqualificationSources: [],
        statedTotals: [],
        lowestPrice: false,
      };
    };
  } catch {
    return null;
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const cell = (f: Figures, k: string) =>
  f[k] ? `${pct(rate(f[k]))} (${f[k].hit}/${f[k].total})`.padStart(17) : '—'.padStart(17);

/** Figures of a set of tenders in one form; the analysis of each with the bidder's 包 applied. */
export async function measure(
  tenders: Tender[],
  form: Form,
  engine: (t: string) => TenderAnalysis = analyzeTenderByRules,
): Promise<{ figures: Figures; perTender: Array<{ id: string; score: Score }>; ms: number }> {
  const perTender = [];
  let ms = 0;
  for (const t of tenders.filter((x) => x.forms.some((f) => f.form === form))) {
    const text = await formText(t, form);
    const s = performance.now();
    const a = engine(text);
    ms += performance.now() - s;
    // The bidder's 包 decides items, ★ clauses and facts; the released gold lists every 废标 clause.
    const mine = t.targetLot
      ? { ...analysisForLot(a, t.targetLot), disqualifications: a.disqualifications }
      : a;
    perTender.push({ id: t.id, score: evaluate(mine, t.gold) });
  }
  return { figures: summarize(perTender.map((p) => p.score)), perTender, ms };
}

/** The analysis entry as it was at `commit`, unpacked beside the repo's node_modules. */
async function engineAt(commit: string): Promise<(t: string) => TenderAnalysis> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dir = path.join(root, '.bench-engine', commit);
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', commit, 'apps/server/src'], {
      cwd: root,
      maxBuffer: 1 << 28,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
  }
  const mod = (await import(path.join(dir, 'apps/server/src/ai/analysis/index.ts'))) as {
    analyzeTenderByRules: (t: string) => TenderAnalysis;
  };
  return mod.analyzeTenderByRules;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const record = args.includes('--record') ? args[args.indexOf('--record') + 1] : null;
  const at = args.includes('--engine-at') ? args[args.indexOf('--engine-at') + 1] : null;
  const engine = at ? await engineAt(at) : analyzeTenderByRules;
  const corpus = corpusTenders();
  const released = releasedTenders();
  const rounds = JSON.parse(fs.readFileSync(ROUNDS, 'utf8')) as Record<string, Round>;
  const anchor = await anchorEngine();
  const roundIds = [...new Set(corpus.map((t) => t.round).filter((r): r is string => r != null))].sort();
  const sets: Array<{ name: string; tenders: Tender[]; goals: boolean; round?: string }> = [
    { name: 'corpus', tenders: corpus.filter((t) => t.round == null), goals: true },
    ...roundIds.map((r) => ({
      name: `blind round ${r}`,
      tenders: corpus.filter((t) => t.round === r),
      goals: false,
      round: r,
    })),
    { name: 'released (../shared/tenders)', tenders: released, goals: true },
  ];
  if (!released.length) console.log('released set: ../shared/tenders not found beside the repo, skipped');
  let failed = false;
  for (const set of sets) {
    for (const form of ['text', 'docx', 'pdf'] as Form[]) {
      const n = set.tenders.filter((t) => t.forms.some((f) => f.form === form)).length;
      if (!n) continue;
      const ours = await measure(set.tenders, form, engine);
      const old = anchor ? (await measure(set.tenders, form, anchor)).figures : null;
      const first = set.round ? rounds[set.round]?.forms[form] : undefined;
      console.log(`\n== ${set.name}, ${form} (${n} tenders; analysis ${ours.ms.toFixed(0)} ms)`);
      console.log(
        'field'.padEnd(26),
        'today'.padStart(17),
        (set.round ? 'FIRST run' : `anchor ${ANCHOR}`).padStart(17),
        'goal'.padStart(6),
      );
      for (const f of FIELDS) {
        if (!ours.figures[f] && !first?.[f]) continue;
        const goal = GOALS[f];
        const miss = set.goals && goal !== undefined && rate(ours.figures[f]) < goal;
        if (miss) failed = true;
        console.log(
          f.padEnd(26),
          cell(ours.figures, f),
          set.round ? (first ? cell(first, f) : 'not recorded'.padStart(17)) : old ? cell(old, f) : 'n/a',
          (goal !== undefined ? pct(set.round ? Math.min(goal, 0.9) : goal) : '').padStart(6),
          miss ? 'MISSED' : '',
        );
      }
      const weak = ours.perTender.filter((p) => rate(p.score['scoring.recall']) < 1);
      if (weak.length)
        console.log(
          'scoring recall below 100 %:',
          weak
            .map((p) => `${p.id} ${p.score['scoring.recall'].hit}/${p.score['scoring.recall'].total}`)
            .join(', '),
        );
      if (record && set.round === record) {
        const r = (rounds[record] ??= {
          date: new Date().toISOString().slice(0, 10),
          commit: at ?? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
          tenders: set.tenders.map((t) => t.id),
          forms: {},
        });
        if (r.forms[form]) throw new Error(`${record} ${form} already has its first run`);
        r.forms[form] = ours.figures;
      }
    }
  }
  if (record) fs.writeFileSync(ROUNDS, `${JSON.stringify(rounds, null, 2)}\n`);
  if (failed) {
    console.error('\nA goal was missed (corpus or released set).');
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
