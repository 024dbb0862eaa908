import { beforeAll, describe, expect, it } from 'vitest';
import { analysisForLot, type TenderAnalysis } from '@bid/shared';
import { analyzeTenderByRules } from '../../apps/server/src/ai/analysis/index.ts';
import { isPageNoise, linesOf, titleOf } from '../../apps/server/src/ai/analysis/lines.ts';
import { evaluate, GOALS, rate, summarize } from './evaluate.ts';
import { corpusTenders, formText, releasedTenders, type Form, type Tender } from './sets.ts';

/**
 * Issue 25's acceptance held in CI: the corpus (tenders written here, blind rounds included once
 * they meet the goals) and the released set, pasted and uploaded, meet the goals per field; every
 * scoring item, ★ clause and 废标 clause points at its own text. bench/analysis/run.ts prints the
 * same figures and each blind round's first run.
 */

const corpus = corpusTenders();
const released = releasedTenders();
const reason = 'the released tenders (../shared/tenders) are not beside the repo';
if (!released.length && process.env.CI === 'true') throw new Error(`${reason} (CI needs them)`);
if (!released.length) console.warn(`released set skipped: ${reason}`);

interface Run {
  t: Tender;
  form: Form;
  text: string;
  a: TenderAnalysis;
}
const runs: Run[] = [];

// (A limit, not a speed: every tender of the corpus is parsed and read here in three forms, which took
// over 5 minutes on a loaded 2-core machine once the corpus passed 190 tenders.)
beforeAll(async () => {
  for (const t of [...corpus, ...released])
    for (const { form } of t.forms) {
      const text = await formText(t, form);
      runs.push({ t, form, text, a: analyzeTenderByRules(text) });
    }
}, 1_200_000);

/** The rounds whose tenders are held at the goals (a round joins once the readers reach them). */
const HELD_ROUNDS = new Set<string>();
const held = (t: Tender) => t.set === 'released' || t.round == null || HELD_ROUNDS.has(t.round);

function below(rs: Run[]): string[] {
  const sum = summarize(
    rs.map((r) => {
      const mine = r.t.targetLot
        ? { ...analysisForLot(r.a, r.t.targetLot), disqualifications: r.a.disqualifications }
        : r.a;
      return evaluate(mine, r.t.gold);
    }),
  );
  return Object.entries(GOALS)
    .filter(([field, goal]) => rate(sum[field]) < goal)
    .map(([field, goal]) => `${field} ${(rate(sum[field]) * 100).toFixed(1)}% < ${goal * 100}%`);
}

describe('tender analysis over the corpus and the released set', () => {
  it('has at least 40 tenders across methods, kinds and forms', () => {
    expect(corpus.length + released.length).toBeGreaterThanOrEqual(released.length ? 40 : 35);
    const methods = new Set(corpus.map((t) => t.gold.project.method));
    for (const m of ['公开招标', '单一来源', '竞争性磋商', '竞争性谈判', '询价', '邀请招标'])
      expect(methods).toContain(m);
  });

  for (const set of ['corpus', 'released'] as const)
    for (const form of ['text', 'docx', 'pdf'] as Form[])
      it(`meets the goals per field (${set}, ${form})`, () => {
        const rs = runs.filter((r) => r.t.set === set && r.form === form && held(r.t));
        if (!rs.length) return;
        expect(below(rs)).toEqual([]);
      });

  it('points every scoring item, ★ clause and 废标 clause at its own text', () => {
    const bad: string[] = [];
    for (const { t, form, text, a } of runs) {
      // (A clause that a page break cuts spans the page's running lines too: they are not its text.)
      const title = titleOf(linesOf(text));
      const at = (s: { start: number; end: number } | null | undefined) =>
        s
          ? text
              .slice(s.start, s.end)
              .split('\n')
              .filter((l) => !l.trim() || !isPageNoise(l.trim(), title))
              .join('')
              .replace(/\s/g, '')
          : '';
      // (A row named only by a clause number, 3.2.1 | 8 | …, is the item of that clause's heading:
      // its source is the row, its name the heading's.)
      const headed = (s: { start: number; end: number } | null | undefined, name: string) => {
        const clause = s && /^\d{1,2}(?:\.\d{1,2}){1,3}(?=\s)/.exec(text.slice(s.start, s.end))?.[0];
        return !!clause && new RegExp(`(^|\\n)\\s*${clause.replace(/\./g, '\\.')}\\s*${name}`).test(text);
      };
      for (const item of a.scoringItems)
        if (
          !at(item.source).includes(item.name.replace(/\s/g, '').slice(0, 2)) &&
          !headed(item.source, item.name)
        )
          bad.push(`${t.id} ${form} item ${item.name}`);
      for (const c of a.starClauses)
        if (!at(c.source).includes(c.mark)) bad.push(`${t.id} ${form} ★ ${c.text}`);
      if (a.disqualificationSources.length !== a.disqualifications.length)
        bad.push(`${t.id} ${form} 废标 sources`);
      a.disqualificationSources.forEach((s, i) => {
        if (!at(s).includes(a.disqualifications[i].replace(/\s/g, '').slice(0, 4)))
          bad.push(`${t.id} ${form} 废标 ${a.disqualifications[i]}`);
      });
    }
    expect(bad).toEqual([]);
  });

  it('gives a bid of one 包 only that 包’s items, ★ clauses and requirements', () => {
    const { a } = runs.find((r) => r.t.id === 't03' && r.form === 'text')!;
    expect(a.lots.map((l) => l.no)).toEqual([1, 2]);
    const one = analysisForLot(a, 2);
    expect(one.scoringItems.map((i) => i.name)).toEqual([
      '价格分',
      '技术参数响应',
      '系统集成方案',
      '售后服务',
      '企业业绩',
    ]);
    expect(one.starClauses.map((c) => c.text).join()).toContain('录播主机');
    expect(one.starClauses.map((c) => c.text).join()).not.toContain('显示尺寸');
    expect(one.requirements.every((r) => r.lot == null || r.lot === 2)).toBe(true);
    expect(analysisForLot(a, null)).toBe(a);
  });

  it('reads the bond in 大写 and 小写, and 0 where none is taken', () => {
    const byId = new Map(runs.filter((r) => r.form === 'text').map((r) => [r.t.id, r.a]));
    expect(byId.get('t01')!.project.bondAmount).toBe(500_000);
    expect(byId.get('t12')!.project.budgetAmount).toBe(1_350_000);
    expect(byId.get('t06')!.project.bondAmount).toBe(0);
  });
});
