import type { ModelTier, TenderAnalysis } from '@bid/shared';
import { AI_MESSAGES } from '@bid/shared';
import { AiError } from '../errors.ts';
import type {
  AiEngine,
  ChapterContext,
  ChildrenInput,
  EditInput,
  Generated,
  OutlineInput,
  OutlineNode,
  RunOptions,
} from '../types.ts';
import { offlineEdit } from './draft.ts';
import { inPlace, type OfflineRunner, type ScoringFragment } from './tasks.ts';

const gen = <T>(value: T): Generated<T> => ({
  value,
  engine: 'offline',
  model: null,
  promptTokens: 0,
  completionTokens: 0,
});

/** Streams text in small pieces so that the page shows the same progress as with a model. */
async function emit(text: string, opts: RunOptions): Promise<void> {
  if (!opts.onDelta) return;
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += 24) {
    if (opts.signal?.aborted) throw new AiError('aborted', '已取消');
    opts.onDelta(chars.slice(i, i + 24).join(''));
    if (i % 480 === 0) await new Promise((r) => setImmediate(r));
  }
}

/**
 * The engine that works with no provider: rules for analysis and outline, templates for text. Its
 * CPU work runs through `cpu`: the server's worker pool (ai/offline/pool.ts), or in place.
 */
export class OfflineEngine implements AiEngine {
  readonly name = 'offline' as const;

  constructor(
    private readonly parallel = 4,
    private readonly cpu: OfflineRunner = inPlace,
  ) {}

  async analyzeTender(text: string): Promise<Generated<TenderAnalysis>> {
    return gen(await this.cpu.run({ kind: 'analyze', text }));
  }

  /** Reads only a pasted scoring table (the writer's 「只粘贴评分表」); rules only, no model. */
  readScoringFragment(text: string): Promise<ScoringFragment> {
    return this.cpu.run({ kind: 'scoringFragment', text });
  }

  async generateOutline(input: OutlineInput): Promise<Generated<OutlineNode[]>> {
    return gen(
      await this.cpu.run({
        kind: 'outline',
        analysis: input.analysis,
        pageCount: input.pageCount,
        templateId: input.templateId,
      }),
    );
  }

  async generateChildren(input: ChildrenInput): Promise<Generated<OutlineNode[]>> {
    return gen(
      await this.cpu.run({
        kind: 'children',
        title: input.title,
        scoringItems: input.scoringItems,
        targetWords: input.targetWords,
      }),
    );
  }

  async writeChapter(ctx: ChapterContext, opts: RunOptions): Promise<Generated<string>> {
    const md = await this.cpu.run({ kind: 'chapter', ctx });
    await emit(md, opts);
    return gen(md);
  }

  async editSelection(input: EditInput, opts: RunOptions): Promise<Generated<string>> {
    if (input.action === 'custom' || input.action === 'rewrite')
      throw new AiError('config', AI_MESSAGES.offlineCustom);
    const md = offlineEdit(input);
    // An answer equal to the selection would look like a done edit: say plainly that nothing was done.
    if ((input.action === 'polish' || input.action === 'shorten') && md.trim() === input.selection.trim())
      throw new AiError('config', AI_MESSAGES.offlineNoChange(input.action));
    await emit(md, opts);
    return gen(md);
  }

  concurrency(_tier: ModelTier): number {
    return this.parallel;
  }
}
