import { z } from 'zod';
import {
  countWords,
  WORD_CAP_RATIO,
  WORD_FLOOR_RATIO,
  type ModelTier,
  type TenderAnalysis,
} from '@bid/shared';
import { AiError } from './errors.ts';
import { analyzeWithModel } from './analysis/model.ts';
import { buildChildren, buildOutline, ensureCoverage, finishOutline } from './plan/outline.ts';
import { JSON_MAX_TOKENS, keepMandatedOrder, OUTLINE_MAX_TOKENS } from './plan/mandated.ts';
import {
  chapterMessages,
  childrenMessages,
  continueMessages,
  editMessages,
  outlineMessages,
  repairMessages,
} from './prompts.ts';
import type { ChatMessage, ChatProvider, ChatResult } from './providers/types.ts';
import type {
  AiEngine,
  ChapterContext,
  ChildrenInput,
  EditInput,
  Generated,
  OutlineInput,
  OutlineNode,
  RunOptions,
} from './types.ts';
import { stripGearEcho } from './gear.ts';
import { parseJsonLoose, stripFences } from './json.ts';
import { inPlace, type OfflineRunner } from './offline/tasks.ts';
import { errorMessage } from '../lib/unknown.ts';

interface ModelNode {
  title: string;
  scoringItemIds?: string[];
  children?: ModelNode[];
}
const modelNodeSchema: z.ZodType<ModelNode> = z.lazy(() =>
  z.object({
    title: z.string().trim().min(1).max(200),
    scoringItemIds: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
    children: z.array(modelNodeSchema).optional(),
  }),
);
const modelOutlineSchema = z.object({ chapters: z.array(modelNodeSchema).min(1) });

/** Drops an unfinished last sentence (an answer cut at max_tokens). */
export function endAtSentence(md: string): string {
  const m = /[\s\S]*[。！？；.!?）)】|\n]/.exec(md);
  return m && m[0].length > md.length * 0.5 ? m[0].trimEnd() : md;
}

/** Cuts Markdown at a paragraph (or sentence) end so that it holds at most `maxWords` words. */
export function trimToWords(md: string, maxWords: number): string {
  const paras = md.split(/\n{2,}/);
  let out = '';
  for (const p of paras) {
    const next = out ? `${out}\n\n${p}` : p;
    if (countWords(next) > maxWords) {
      if (!out) {
        let cut = '';
        for (const s of p.split(/(?<=[。！？；])/)) {
          if (countWords(cut + s) > maxWords) break;
          cut += s;
        }
        return cut || p.slice(0, maxWords);
      }
      break;
    }
    out = next;
  }
  return out;
}

function toOutline(nodes: ModelNode[], known: Set<string>, depth = 1): OutlineNode[] {
  return nodes.map((n) => ({
    title:
      n.title
        .replace(
          /^(第[一二三四五六七八九十\d]+[章节部分]|[一二三四五六七八九十]+、|\d+(\.\d+)*[.、\s])\s*/,
          '',
        )
        .trim() || n.title,
    scoringItemIds: [...new Set((n.scoringItemIds ?? []).filter((id) => known.has(id)))],
    targetWords: null,
    children: depth >= 3 ? [] : toOutline(n.children ?? [], known, depth + 1),
  }));
}

/**
 * The model engine: prompts to an OpenAI-compatible provider. JSON answers are validated and
 * repaired once; coverage, counts and budgets are computed in code; the rule-based analysis is a
 * floor under the model's (a fact the rules found is never lost).
 */
export class ModelEngine implements AiEngine {
  readonly name = 'openai' as const;

  constructor(
    private readonly provider: ChatProvider & { concurrencyOf(tier: ModelTier): number },
    /** Where the rule analysis under the model's runs (the offline worker pool on the server). */
    private readonly cpu: OfflineRunner = inPlace,
  ) {}

  concurrency(tier: ModelTier): number {
    return this.provider.concurrencyOf(tier);
  }

  private async json<T>(
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    opts: RunOptions & { maxTokens?: number },
  ): Promise<{ value: T; usage: ChatResult['usage']; model: string }> {
    const maxTokens = opts.maxTokens ?? JSON_MAX_TOKENS;
    let res = await this.provider.chat({
      tier: opts.tier,
      messages,
      json: true,
      signal: opts.signal,
      temperature: 0.2,
      maxTokens,
    });
    const usage = { ...res.usage };
    const attempt = (
      text: string,
      finish: string | null = null,
    ): { ok: true; value: T } | { ok: false; error: string } => {
      // An answer cut at max_tokens is never taken as it stands (a cut list would pass as shorter).
      if (finish === 'length') return { ok: false, error: '输出过长被截断，请精简后输出完整的 JSON' };
      try {
        const parsed = schema.safeParse(parseJsonLoose(text));
        if (parsed.success) return { ok: true, value: parsed.data };
        return {
          ok: false,
          error: parsed.error.issues
            .slice(0, 5)
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('；'),
        };
      } catch (e) {
        return { ok: false, error: errorMessage(e) };
      }
    };
    let r = attempt(res.text, res.finishReason);
    if (!r.ok) {
      res = await this.provider.chat({
        tier: opts.tier,
        messages: repairMessages(messages, res.text, r.error),
        json: true,
        signal: opts.signal,
        temperature: 0,
        maxTokens,
      });
      usage.promptTokens += res.usage.promptTokens;
      usage.completionTokens += res.usage.completionTokens;
      r = attempt(res.text, res.finishReason);
      if (!r.ok) throw new AiError('bad_output', 'AI 模型返回的内容格式不正确，请重试', false);
    }
    return { value: r.value, usage, model: res.model };
  }

  async analyzeTender(text: string, opts: RunOptions): Promise<Generated<TenderAnalysis>> {
    // Sections located and sent whole, chunked past the budget, merged with the rules per field.
    const { value, model, usage } = await analyzeWithModel(this.provider, text, opts.tier, opts.signal, (t) =>
      this.cpu.run({ kind: 'analyze', text: t }),
    );
    return {
      value,
      engine: 'openai',
      model,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
    };
  }

  /**
   * The model proposes the chapters; code keeps the tender's mandated order, one owner per scoring
   * item, the demanded tables and the budgets. When the model's answer cannot be used (prose, cut
   * JSON, an empty list) the rule outline is the answer: the writer always gets an outline.
   */
  async generateOutline(input: OutlineInput, opts: RunOptions): Promise<Generated<OutlineNode[]>> {
    const a = input.analysis;
    const rules = (): Generated<OutlineNode[]> => ({
      value: buildOutline(a, input.pageCount, { templateId: input.templateId }),
      engine: 'offline',
      model: null,
      promptTokens: 0,
      completionTokens: 0,
    });
    let answer: { value: z.infer<typeof modelOutlineSchema>; usage: ChatResult['usage']; model: string };
    try {
      answer = await this.json(outlineMessages(input), modelOutlineSchema, {
        ...opts,
        maxTokens: OUTLINE_MAX_TOKENS,
      });
    } catch (e) {
      if (e instanceof AiError && e.kind === 'aborted') throw e;
      if (e instanceof AiError && (e.kind === 'bad_output' || e.kind === 'stream_broken')) return rules();
      throw e;
    }
    const { value, usage, model } = answer;
    const roots = keepMandatedOrder(toOutline(value.chapters, new Set(a.scoringItems.map((i) => i.id))), a);
    if (!roots.length) return rules();
    ensureCoverage(roots, a.scoringItems, {
      addAspects: true,
      darkBid: a.darkBid,
      keepOrder: a.mandatedOutline.length >= 3,
    });
    finishOutline(roots, a, input.pageCount, { templateId: input.templateId });
    return {
      value: roots,
      engine: 'openai',
      model,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
    };
  }

  async generateChildren(input: ChildrenInput, opts: RunOptions): Promise<Generated<OutlineNode[]>> {
    const { value, usage, model } = await this.json(childrenMessages(input), modelOutlineSchema, opts);
    const known = new Set(input.scoringItems.map((i) => i.id));
    const children = toOutline(value.chapters, known, 2).slice(0, 12);
    if (!children.length)
      return {
        value: buildChildren(input.title, input.scoringItems, input.targetWords),
        engine: 'offline',
        model: null,
        promptTokens: 0,
        completionTokens: 0,
      };
    const per = input.targetWords
      ? Math.max(200, Math.round(input.targetWords / children.length / 50) * 50)
      : null;
    for (const c of children) c.targetWords = per;
    return {
      value: children,
      engine: 'openai',
      model,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
    };
  }

  async writeChapter(ctx: ChapterContext, opts: RunOptions): Promise<Generated<string>> {
    // A response table or the scoring index is built from the analysis, never by the model.
    if (ctx.plan?.table) {
      opts.onDelta?.(ctx.plan.table);
      return { value: ctx.plan.table, engine: 'offline', model: null, promptTokens: 0, completionTokens: 0 };
    }
    const target = Math.max(100, ctx.targetWords);
    const maxTokens = Math.ceil(target * WORD_CAP_RATIO * 1.3) + 300;
    const first = await this.provider.chat({
      tier: opts.tier,
      messages: chapterMessages(ctx),
      signal: opts.signal,
      onDelta: opts.onDelta,
      maxTokens,
      temperature: 0.7,
    });
    // Cut at max_tokens: the last sentence is unfinished, so the text ends at the last complete one.
    let text =
      first.finishReason === 'length'
        ? endAtSentence(stripFences(first.text).trim())
        : stripFences(first.text).trim();
    let promptTokens = first.usage.promptTokens;
    let completionTokens = first.usage.completionTokens;
    // At most one continuation pass below the floor, at most one trim above the cap.
    const words = countWords(text);
    if (words < target * WORD_FLOOR_RATIO) {
      const missing = target - words;
      let sep = '\n\n';
      const more = await this.provider.chat({
        tier: opts.tier,
        messages: continueMessages(ctx, text, missing),
        signal: opts.signal,
        maxTokens: Math.ceil(missing * 1.3) + 200,
        temperature: 0.7,
        onDelta: (d) => {
          opts.onDelta?.(sep + d);
          sep = '';
        },
      });
      text = `${text}\n\n${stripFences(more.text).trim()}`;
      promptTokens += more.usage.promptTokens;
      completionTokens += more.usage.completionTokens;
    }
    text = stripGearEcho(text, ctx);
    if (countWords(text) > target * WORD_CAP_RATIO)
      text = trimToWords(text, Math.round(target * WORD_CAP_RATIO));
    return { value: text, engine: 'openai', model: first.model, promptTokens, completionTokens };
  }

  async editSelection(input: EditInput, opts: RunOptions): Promise<Generated<string>> {
    const r = await this.provider.chat({
      tier: opts.tier,
      messages: editMessages(input),
      signal: opts.signal,
      onDelta: opts.onDelta,
      temperature: 0.5,
      maxTokens: Math.max(500, input.selection.length * 3),
    });
    const text = stripFences(r.text)
      .trim()
      .replace(/^[“"「]([\s\S]*)[”"」]$/, '$1');
    return {
      value: text,
      engine: 'openai',
      model: r.model,
      promptTokens: r.usage.promptTokens,
      completionTokens: r.usage.completionTokens,
    };
  }
}
