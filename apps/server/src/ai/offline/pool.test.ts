import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from './analyze.ts';
import { buildOutline } from '../plan/outline.ts';
import { OfflineEngine } from './engine.ts';
import { OfflinePool } from './pool.ts';
import { inPlace, runOfflineTask } from './tasks.ts';
import type { AiEngine, ChapterContext, OutlineNode } from '../types.ts';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/${name}.txt`, import.meta.url), 'utf8');

function firstLeaf(nodes: OutlineNode[], path: string[] = []): { n: OutlineNode; path: string[] } {
  const n = nodes[0];
  return n.children.length ? firstLeaf(n.children, [...path, n.title]) : { n, path: [...path, n.title] };
}

describe('offline engine in worker threads', () => {
  const pool = new OfflinePool(2);
  afterAll(() => pool.close());

  // Workers load the engine's modules on their first task: no tight limit on a loaded machine.
  it(
    'answers exactly what the in-place engine answers (analysis, outline, children, chapter)',
    { timeout: 60_000 },
    async () => {
      const text = fixture('tender-it-gov');
      const inside: AiEngine = new OfflineEngine(4, inPlace);
      const pooled: AiEngine = new OfflineEngine(4, pool);
      const opts = { tier: 'standard' as const };

      const [a1, a2] = await Promise.all([
        inside.analyzeTender(text, opts),
        pooled.analyzeTender(text, opts),
      ]);
      expect(a2).toEqual(a1);
      expect(a1.value.scoringItems.length).toBeGreaterThan(0);

      const input = { bidName: '测试标书', analysis: a1.value, pageCount: 80, templateId: 'gov-standard' };
      const [o1, o2] = await Promise.all([
        inside.generateOutline(input, opts),
        pooled.generateOutline(input, opts),
      ]);
      expect(o2).toEqual(o1);

      const kids = {
        bidName: '测试标书',
        analysis: a1.value,
        path: ['技术方案'],
        title: '技术方案',
        scoringItems: a1.value.scoringItems.slice(0, 3),
        targetWords: 3000,
        siblings: [],
      };
      expect(await pooled.generateChildren(kids, opts)).toEqual(await inside.generateChildren(kids, opts));

      const leaf = firstLeaf(o1.value);
      const ctx: ChapterContext = {
        bidName: '测试标书',
        facts: a1.value.project,
        path: leaf.path,
        scoringItems: a1.value.scoringItems.filter((i) => leaf.n.scoringItemIds.includes(i.id)),
        siblings: [],
        outline: o1.value.map((n) => n.title),
        targetWords: leaf.n.targetWords ?? 800,
        requirement: '突出数据安全',
        include: '应急预案、培训计划',
        darkBid: false,
        starClauses: a1.value.starClauses,
        disqualifications: a1.value.disqualifications,
        qualifications: a1.value.qualifications,
        grounding: { passages: [], facts: ['资质：信息系统集成一级'], tables: [] },
      };
      const streamed: string[] = [];
      const [c1, c2] = await Promise.all([
        inside.writeChapter(ctx, opts),
        pooled.writeChapter(ctx, { ...opts, onDelta: (t) => streamed.push(t) }),
      ]);
      expect(c2).toEqual(c1);
      expect(c1.value.length).toBeGreaterThan(200);
      // The page still sees the text arrive in pieces.
      expect(streamed.join('')).toBe(c1.value);
    },
  );

  it('the in-place tasks are the rule functions themselves', () => {
    const text = fixture('tender-property');
    const a = analyzeTenderByRules(text);
    expect(runOfflineTask({ kind: 'analyze', text })).toEqual(a);
    expect(runOfflineTask({ kind: 'outline', analysis: a, pageCount: 60 })).toEqual(buildOutline(a, 60, {}));
  });

  it('a task past its time limit fails with a timeout and the worker is replaced', async () => {
    const strict = new OfflinePool(1, null, {
      analyze: 1,
      scoringFragment: 60_000,
      outline: 60_000,
      children: 60_000,
      chapter: 60_000,
    });
    try {
      // Long enough that the analysis cannot finish within 1 ms even on a fast machine.
      await expect(
        strict.run({ kind: 'analyze', text: fixture('tender-it-gov').repeat(20) }),
      ).rejects.toMatchObject({ kind: 'timeout' });
      const a = await strict.run({
        kind: 'children',
        title: '售后服务',
        scoringItems: [],
        targetWords: 1200,
      });
      expect(a).toEqual(
        runOfflineTask({ kind: 'children', title: '售后服务', scoringItems: [], targetWords: 1200 }),
      );
    } finally {
      await strict.close();
    }
  });

  it('the event loop stays free while a long tender is analysed', async () => {
    const text = fixture('tender-it-gov').repeat(40);
    await pool.run({ kind: 'children', title: '预热', scoringItems: [], targetWords: 100 });
    let ticks = 0;
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    await pool.run({ kind: 'analyze', text });
    const took = performance.now() - started;
    clearInterval(timer);
    // In place the whole analysis is one block of the loop; in the worker the timer keeps ticking.
    expect(ticks).toBeGreaterThan(2);
    expect(longest).toBeLessThan(Math.max(100, took / 2));
  });
});
