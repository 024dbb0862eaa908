import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyzeTenderByRules } from '../../index.ts';

/**
 * Layout tests as data: each case is a tender written in one layout's shape and the scoring items
 * read from it, kept in fixtures/<file>.json (describe → test name → case) so that the tests share
 * one check instead of each repeating the same text-then-items shape.
 */

type Analysis = ReturnType<typeof analyzeTenderByRules>;

const item = z.tuple([z.string(), z.number()]);
const tender = z.strictObject({
  /** The tender's text, a line an entry. */
  text: z.array(z.string()),
  /** The scoring items read, as [name, points], all of them in order. */
  items: z.array(item).optional(),
  /** The scoring items read, as [lot, name, points], all of them in order. */
  lotItems: z.array(z.tuple([z.number(), z.string(), z.number()])).optional(),
  /** Scoring items among those read, [name, points] (others may be read too). */
  includes: z.array(item).optional(),
  /** Why the expected items are what they are, where that is not plain. */
  note: z.string().optional(),
});
type Tender = z.infer<typeof tender>;
const layoutCase = tender.extend({ also: tender.optional() });
const suites = z.record(z.string(), z.record(z.string(), layoutCase));

/** Checks beyond the items, by test name: given the case's analysis. */
export type MoreChecks = Record<string, (a: Analysis) => void>;

const expects = (t: Tender) => Boolean(t.items ?? t.lotItems ?? t.includes);

function check(t: Tender): Analysis {
  const a = analyzeTenderByRules(t.text.join('\n'));
  const pairs = a.scoringItems.map((i) => [i.name, i.points]);
  if (t.items) expect(pairs).toEqual(t.items);
  if (t.lotItems) expect(a.scoringItems.map((i) => [i.lot, i.name, i.points])).toEqual(t.lotItems);
  if (t.includes) expect(pairs).toEqual(expect.arrayContaining(t.includes));
  return a;
}

/** One describe per suite of fixtures/<file>.json, one test per case, with `more` checks by test name. */
export function layoutCases(file: string, more: MoreChecks = {}): void {
  const url = new URL(`../fixtures/${file}.json`, import.meta.url);
  const all = suites.parse(JSON.parse(fs.readFileSync(url, 'utf8')));
  const cases = Object.values(all).flatMap((s) => Object.entries(s));
  // A misspelt name would drop its checks silently, and a case with nothing to check would pass always.
  const stray = Object.keys(more).filter((n) => !cases.some(([name]) => name === n));
  if (stray.length) throw new Error(`${file}: checks for no case: ${stray.join(' / ')}`);
  const idle = cases.filter(([name, c]) => !expects(c) && !more[name]).map(([name]) => name);
  if (idle.length) throw new Error(`${file}: cases that check nothing: ${idle.join(' / ')}`);
  for (const [suite, tests] of Object.entries(all))
    describe(suite, () => {
      for (const [name, c] of Object.entries(tests))
        it(name, () => {
          const a = check(c);
          if (c.also) check(c.also);
          more[name]?.(a);
        });
    });
}
