import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InterpretationDetail } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import { newWriter } from './catalog-helpers.ts';

/**
 * Corpus tenders uploaded as PDF and DOCX through the real path (upload, parse worker, durable
 * interpretation job): the analysis finds the gold scoring items, and each item's offsets point at
 * its passage in the text the record keeps.
 */

const corpus = (f: string) => fs.readFileSync(new URL(`./corpus/${f}`, import.meta.url));
const gold = (id: string) =>
  JSON.parse(corpus(`${id}.gold.json`).toString('utf8')) as {
    scoringItems: Array<{ name: string; points: number }>;
    project: { bondAmount: number | null };
  };
const norm = (s: string) => s.replace(/[\s（）()、，,]/g, '');

const s = useTestServer();

describe(`corpus tenders uploaded as files (${TEST_DB})`, () => {
  for (const [id, ext] of [
    ['t08', 'pdf'],
    ['t04', 'docx'],
    ['t15', 'pdf'],
  ] as const) {
    it(`${id}.${ext}: scoring items, bond and offsets`, async () => {
      const c = await newWriter(s);
      const fileId = await c.uploadTender(`${id}招标文件.${ext}`, corpus(`${id}.${ext}`));
      const r = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { fileId });
      const done = await waitForInterpretation(s, c.user.token, r.id, 90_000);
      expect(done.status).toBe('done');
      const a = done.analysis!;
      const g = gold(id);
      expect(a.scoringItems.map((i) => [norm(i.name), i.points])).toEqual(
        g.scoringItems.map((i) => [norm(i.name), i.points]),
      );
      expect(a.project.bondAmount).toBe(g.project.bondAmount);
      for (const i of a.scoringItems)
        expect(norm(done.text!.slice(i.source!.start, i.source!.end))).toContain(norm(i.name).slice(0, 3));
    });
  }
});
