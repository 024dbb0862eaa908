import { ELEMENT_LABELS, ELEMENT_MSG, type ElementKind, type ModelTier } from '@bid/shared';
import type { FlowchartModel, GanttModel, MindmapModel } from '@bid/document/diagrams/model';
import type { PMNode } from '@bid/document';
import { AiError } from '../errors.ts';
import type { ChatProvider } from '../providers/types.ts';
import { periodDays, type ElementContext } from './context.ts';
import { imageKeywords } from './keywords.ts';
import { offlineFlowchart, offlineGantt, offlineMindmap } from './offline.ts';
import { offlineTable } from './offline-table.ts';
import { firstValid } from './parse.ts';
import {
  normalizeFlowchart,
  normalizeGantt,
  normalizeKeywords,
  normalizeMindmap,
  normalizeTable,
  type Check,
} from './normalize.ts';
import { elementMessages, elementRepairMessages, type ElementTask } from './prompts.ts';
import { tableNode, type TableModel } from './table.ts';

/**
 * Chapter elements from the model when one is configured, validated and repaired once, with the
 * offline engine as the floor: a broken or missing answer still yields a sensible element and a
 * notice saying what happened.
 */

export interface ElementRunOptions {
  /** null: the offline engine. */
  provider: Pick<ChatProvider, 'chat'> | null;
  tier: ModelTier;
  signal?: AbortSignal;
  /** Whole budget for the model calls (first answer plus one repair). */
  budgetMs?: number;
}

export interface ElementOutcome {
  kind: ElementKind;
  node: PMNode;
  caption: string;
  engine: 'offline' | 'openai';
  notice: string | null;
  /** The validated model (diagram model or table model) for callers and tests. */
  model: FlowchartModel | MindmapModel | GanttModel | TableModel;
}

type Parsed = { model: FlowchartModel | MindmapModel | GanttModel | TableModel; caption: string };

/** Asks the model, extracts and validates; on failure asks once more with the error; null when still unusable. */
export async function askModel<T>(
  task: ElementTask,
  ctx: ElementContext,
  days: number | null,
  validate: (v: unknown) => Check<T>,
  opts: ElementRunOptions,
): Promise<{ value: T } | { failed: string }> {
  const provider = opts.provider!;
  const deadline = Date.now() + (opts.budgetMs ?? 55_000);
  const messages = elementMessages(task, ctx, days);
  const call = (msgs: typeof messages) =>
    provider.chat({
      tier: opts.tier,
      messages: msgs,
      json: true,
      signal: opts.signal,
      temperature: 0.3,
      maxTokens: 4000,
      timeoutMs: Math.max(5_000, deadline - Date.now()),
    });
  let answer: string;
  try {
    answer = (await call(messages)).text;
  } catch (e) {
    if (e instanceof AiError && e.kind === 'aborted') throw e;
    return { failed: e instanceof AiError ? e.message : 'AI 模型暂时不可用' };
  }
  const first = firstValid(answer, validate);
  if (first.ok) return { value: first.value };
  if (deadline - Date.now() < 5_000) return { failed: first.error };
  try {
    const second = firstValid(
      (await call(elementRepairMessages(messages, answer, first.error))).text,
      validate,
    );
    if (second.ok) return { value: second.value };
    return { failed: second.error };
  } catch (e) {
    if (e instanceof AiError && e.kind === 'aborted') throw e;
    return { failed: e instanceof AiError ? e.message : 'AI 模型暂时不可用' };
  }
}

function diagramNode(kind: 'flowchart' | 'mindmap' | 'gantt', model: unknown, caption: string): PMNode {
  return { type: 'diagram', attrs: { kind, model, caption } };
}

function hasText(ctx: ElementContext): boolean {
  return ctx.text.replace(/\s/g, '').length > 0;
}

export async function generateElement(
  kind: ElementKind,
  ctx: ElementContext,
  opts: ElementRunOptions,
): Promise<ElementOutcome> {
  const label = ELEMENT_LABELS[kind];
  const days = periodDays(ctx.periodText, ctx.tenderText);
  const title = ctx.chapterTitle.replace(/\s+/g, '') || '本章';

  const offline = (): Parsed => {
    switch (kind) {
      case 'table': {
        const t = offlineTable(ctx);
        return { model: t, caption: t.caption };
      }
      case 'mindmap':
        return { model: offlineMindmap(ctx), caption: `${title}思维导图` };
      case 'flowchart':
        return { model: offlineFlowchart(ctx), caption: `${title}流程图` };
      case 'gantt': {
        const g = offlineGantt(ctx);
        return { model: g.model, caption: `${title}进度计划横道图（总工期 ${g.periodDays} 日历天）` };
      }
    }
  };
  const validate = (v: unknown): Check<Parsed> => {
    switch (kind) {
      case 'table': {
        const r = normalizeTable(v, `${title}一览表`);
        return r.ok ? { ok: true, value: { model: r.value, caption: r.value.caption } } : r;
      }
      case 'mindmap':
        return normalizeMindmap(v, `${title}思维导图`);
      case 'flowchart':
        return normalizeFlowchart(v, `${title}流程图`);
      case 'gantt':
        return normalizeGantt(v, `${title}进度计划横道图`, days);
    }
  };

  let parsed: Parsed;
  let engine: 'offline' | 'openai' = 'offline';
  const notices: string[] = [];
  if (opts.provider) {
    const r = await askModel(kind, ctx, days, validate, opts);
    if ('value' in r) {
      parsed = r.value;
      engine = 'openai';
    } else {
      parsed = offline();
      notices.push(ELEMENT_MSG.badModelOutput(label));
    }
  } else {
    parsed = offline();
    if (ctx.instruction?.trim())
      notices.push('离线引擎按章节内容生成，未使用补充要求；配置 AI 模型后可按要求生成');
  }
  if (!hasText(ctx) && engine === 'offline' && kind !== 'gantt') notices.push(ELEMENT_MSG.emptyChapter);
  if (kind === 'gantt' && days === null)
    notices.push('招标文件中未找到工期，已按 90 日历天编排，请按实际工期调整');

  const node =
    kind === 'table'
      ? tableNode(parsed.model as TableModel)
      : diagramNode(kind, parsed.model, parsed.caption);
  return {
    kind,
    node,
    caption: parsed.caption,
    engine,
    notice: notices.length ? notices.join('；') : null,
    model: parsed.model,
  };
}

/** Keywords for image search: the model's when it answers usably, merged with the chapter's own. */
export async function searchKeywords(
  ctx: ElementContext,
  opts: ElementRunOptions,
): Promise<{ keywords: string[]; engine: 'offline' | 'openai' }> {
  const own = imageKeywords(ctx);
  if (!opts.provider) return { keywords: own, engine: 'offline' };
  const r = await askModel('images', ctx, null, normalizeKeywords, {
    ...opts,
    budgetMs: Math.min(opts.budgetMs ?? 40_000, 40_000),
  });
  if ('failed' in r) return { keywords: own, engine: 'offline' };
  return { keywords: [...new Set([...r.value, ...own])].slice(0, 20), engine: 'openai' };
}
