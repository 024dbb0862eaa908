import type { ModelTier, TenderAnalysis } from '@bid/shared';
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

/**
 * The engine operators can switch without a restart: the provider set active in the console when
 * there is one, else the server's own (AI_* settings or offline). Each call takes the engine in use
 * when it starts; a switch during a call leaves that call on the engine it began with.
 */
export class SwitchableEngine implements AiEngine {
  private chosen: AiEngine | null = null;

  constructor(private readonly fallback: AiEngine) {}

  /** `null` goes back to the server's own engine. */
  use(engine: AiEngine | null): void {
    this.chosen = engine;
  }

  /** True while a console provider is in use. */
  get switched(): boolean {
    return this.chosen !== null;
  }

  private get current(): AiEngine {
    return this.chosen ?? this.fallback;
  }

  get name(): AiEngine['name'] {
    return this.current.name;
  }
  analyzeTender(text: string, opts: RunOptions): Promise<Generated<TenderAnalysis>> {
    return this.current.analyzeTender(text, opts);
  }
  generateOutline(input: OutlineInput, opts: RunOptions): Promise<Generated<OutlineNode[]>> {
    return this.current.generateOutline(input, opts);
  }
  generateChildren(input: ChildrenInput, opts: RunOptions): Promise<Generated<OutlineNode[]>> {
    return this.current.generateChildren(input, opts);
  }
  writeChapter(ctx: ChapterContext, opts: RunOptions): Promise<Generated<string>> {
    return this.current.writeChapter(ctx, opts);
  }
  editSelection(input: EditInput, opts: RunOptions): Promise<Generated<string>> {
    return this.current.editSelection(input, opts);
  }
  concurrency(tier: ModelTier): number {
    return this.current.concurrency(tier);
  }
}
