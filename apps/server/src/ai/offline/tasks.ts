import type { ScoringItem, TenderAnalysis } from '@bid/shared';
import { groundedAppendix } from '../grounded.ts';
import type { ChapterContext, OutlineNode } from '../types.ts';
import { readScoringFragment } from '../analysis/index.ts';
import { analyzeTenderByRules } from './analyze.ts';
import { PAST_BID_HEADING } from './past-bids.ts';
import { draftChapter } from './draft.ts';
import { buildChildren, buildOutline } from '../plan/outline.ts';

/**
 * The offline engine's CPU work as plain-data tasks, so that the same function answers them in a
 * worker thread (ai/offline/pool.ts) or in place: the output is the same text either way.
 */
export type OfflineTask =
  | { kind: 'analyze'; text: string }
  | { kind: 'scoringFragment'; text: string }
  | { kind: 'outline'; analysis: TenderAnalysis; pageCount: number; templateId?: string | null }
  | { kind: 'children'; title: string; scoringItems: ScoringItem[]; targetWords: number | null }
  | { kind: 'chapter'; ctx: ChapterContext };

export interface OfflineResults {
  analyze: TenderAnalysis;
  scoringFragment: ScoringFragment;
  outline: OutlineNode[];
  children: OutlineNode[];
  chapter: string;
}

/** What a pasted scoring table (「只粘贴评分表」) gives: its items, the totals it states, what does not add up. */
export type ScoringFragment = Pick<TenderAnalysis, 'scoringItems' | 'statedTotals' | 'warnings'>;

export type OfflineResult = OfflineResults[OfflineTask['kind']];

export function runOfflineTask(task: OfflineTask): OfflineResult {
  switch (task.kind) {
    case 'analyze':
      return analyzeTenderByRules(task.text);
    case 'scoringFragment':
      return readScoringFragment(task.text);
    case 'outline':
      return buildOutline(task.analysis, task.pageCount, { templateId: task.templateId });
    case 'children':
      return buildChildren(task.title, task.scoringItems, task.targetWords);
    case 'chapter': {
      const body = draftChapter(task.ctx);
      // A body built from the past bids' sentences (past-bids.ts) already holds them, adapted: the
      // appendix adds only the cards' tables, never the same passages again as they were.
      return body + groundedAppendix(task.ctx, { passages: !body.includes(PAST_BID_HEADING) });
    }
  }
}

/** Where the offline engine's tasks run: in place (tests, tools) or in the worker pool (the server). */
export interface OfflineRunner {
  run<K extends OfflineTask['kind']>(task: Extract<OfflineTask, { kind: K }>): Promise<OfflineResults[K]>;
  close(): Promise<void>;
}

export const inPlace: OfflineRunner = {
  run: <K extends OfflineTask['kind']>(task: Extract<OfflineTask, { kind: K }>) =>
    Promise.resolve(runOfflineTask(task) as OfflineResults[K]),
  close: () => Promise.resolve(),
};
