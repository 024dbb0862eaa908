/**
 * Tender analysis benchmark: recall and precision per field of the rule engine over the corpus
 * (apps/server/test/corpus), for pasted text and for DOCX and PDF uploads, against the anchor —
 * the rule engine as it was before issue 13 (read from git history) — and the goals.
 *   node --import tsx bench/analysis/run.ts
 * Exits non-zero when a goal is missed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TenderAnalysis } from '@bid/shared';
import { analyzeTenderByRules } from '../../apps/server/src/ai/analysis/index.ts';
import { corpus, evaluate, GOALS, rate, summarize, type Score } from './evaluate.ts';
import { MODES, tenderText } from './read.ts';

/** The commit whose rule engine is the anchor (the last one before the rebuild). */
const ANCHOR = '990b3f3';

async function anchorEngine(): Promise<((t: string) => TenderAnalysis) | null> {
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchor-'));
    for (const f of ['analyze.ts', 'text.ts']) {
      const src = execFileSync('git', ['show', `${ANCHOR}:apps/server/src/ai/offline/${f}`], {
        encoding: 'utf8',
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

async function main(): Promise<void> {
  const tenders = corpus();
  const anchor = await anchorEngine();
  let failed = false;
  const fields = [
    'scoring.recall',
    'scoring.precision',
    'starClauses.recall',
    'disqualifications.recall',
    'outline.exact',
    'bond',
    'budget',
    'period',
    'method',
    'lots',
    'pageLimit',
    'darkBid',
    'formatRules.recall',
    'responseTables.recall',
    'requirements.recall',
    'sources',
  ];
  for (const mode of MODES) {
    const ours: Score[] = [];
    const old: Score[] = [];
    const t0 = performance.now();
    let ms = 0;
    for (const t of tenders) {
      const text = await tenderText(t.id, t.text, mode);
      const s = performance.now();
      ours.push(evaluate(analyzeTenderByRules(text), t.gold));
      ms += performance.now() - s;
      if (anchor) old.push(evaluate(anchor(text), t.gold));
    }
    const a = summarize(ours);
    const b = summarize(old);
    console.log(
      `\n== ${mode} (${tenders.length} tenders; analysis ${ms.toFixed(0)} ms, with extraction ${(performance.now() - t0).toFixed(0)} ms)`,
    );
    console.log(
      'field'.padEnd(26),
      'ours'.padStart(16),
      `anchor ${ANCHOR}`.padStart(18),
      'ratio'.padStart(7),
      'goal'.padStart(6),
    );
    for (const f of fields) {
      const r = rate(a[f]);
      const o = anchor ? rate(b[f]) : NaN;
      const goal = GOALS[f];
      if (goal !== undefined && r < goal) failed = true;
      console.log(
        f.padEnd(26),
        `${pct(r)} (${a[f]?.hit ?? 0}/${a[f]?.total ?? 0})`.padStart(16),
        (anchor ? pct(o) : 'n/a').padStart(18),
        (o ? (r / o).toFixed(2) : '∞').padStart(7),
        (goal !== undefined ? pct(goal) : '').padStart(6),
        goal !== undefined && r < goal ? 'MISSED' : '',
      );
    }
  }
  if (failed) {
    console.error('\nA goal was missed.');
    process.exit(1);
  }
}

await main();
