import {
  flowchartSchema,
  ganttSchema,
  mindmapSchema,
  taskEnd,
  type FlowchartModel,
  type GanttModel,
  type MindmapModel,
} from '@bid/document/diagrams/model';
import { tableModelSchema, type TableModel } from './table.ts';

/**
 * Models answer in many near-miss shapes (a wrapper object, `source`/`target` for edges, `name`
 * for text, an edge to a node they forgot). These functions accept the near misses, drop what
 * cannot be saved, then validate strictly against the diagram schemas.
 */

export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

/** Unwraps { flowchart: {...} }, { data: {...} }, { result: {...} }, { model: {...} }. */
function unwrap(v: unknown, keys: string[]): unknown {
  let cur = v;
  for (let i = 0; i < 3 && isObj(cur); i++) {
    const inner = keys.map((k) => (cur as Obj)[k]).find((x) => isObj(x));
    if (!inner) break;
    cur = inner;
  }
  return cur;
}

function captionOf(v: unknown, fallback: string): string {
  if (!isObj(v)) return fallback;
  const c = str(v.caption) ?? str(v.title) ?? str(v.name);
  return (c ?? fallback).replace(/\s+/g, ' ').trim().slice(0, 80) || fallback;
}

function issues(e: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  return e.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.')}: ${i.message}`)
    .join('；');
}

export function normalizeFlowchart(
  raw: unknown,
  fallbackCaption: string,
): Check<{ model: FlowchartModel; caption: string }> {
  const outer = raw;
  const v = unwrap(raw, ['flowchart', 'model', 'data', 'result', 'diagram']);
  if (!isObj(v)) return { ok: false, error: '应为包含 nodes 和 edges 的对象' };
  const nodesIn = Array.isArray(v.nodes) ? v.nodes : Array.isArray(v.steps) ? v.steps : null;
  if (!nodesIn) return { ok: false, error: '缺少 nodes 数组' };
  const seen = new Set<string>();
  const nodes = nodesIn
    .filter(isObj)
    .map((n, i) => ({
      id: str(n.id) ?? `n${i + 1}`,
      label: str(n.label) ?? str(n.text) ?? str(n.name) ?? '',
      shape: n.shape ?? n.type,
    }))
    .filter((n) => n.label.trim() && !seen.has(n.id) && (seen.add(n.id), true));
  const edgesIn = Array.isArray(v.edges) ? v.edges : Array.isArray(v.links) ? v.links : [];
  const edges = edgesIn
    .filter(isObj)
    .map((e) => ({
      from: str(e.from) ?? str(e.source) ?? '',
      to: str(e.to) ?? str(e.target) ?? '',
      label: str(e.label) ?? str(e.text),
    }))
    .filter((e) => seen.has(e.from) && seen.has(e.to));
  // A list of steps without edges: chain them.
  if (!edges.length && nodes.length > 1)
    for (let i = 1; i < nodes.length; i++)
      edges.push({ from: nodes[i - 1].id, to: nodes[i].id, label: undefined });
  const parsed = flowchartSchema.safeParse({ direction: v.direction, nodes, edges });
  if (!parsed.success) return { ok: false, error: issues(parsed.error) };
  return {
    ok: true,
    value: { model: parsed.data, caption: captionOf(outer, captionOf(v, fallbackCaption)) },
  };
}

interface RawMind {
  text: string;
  children?: RawMind[];
}
function mindNode(v: unknown, depth: number): RawMind | null {
  if (typeof v === 'string') return v.trim() ? { text: v } : null;
  if (!isObj(v)) return null;
  const text = str(v.text) ?? str(v.label) ?? str(v.name) ?? str(v.title) ?? str(v.topic);
  if (!text?.trim()) return null;
  const kidsIn = Array.isArray(v.children)
    ? v.children
    : Array.isArray(v.branches)
      ? v.branches
      : Array.isArray(v.items)
        ? v.items
        : [];
  const kids =
    depth >= 6
      ? []
      : kidsIn
          .map((c) => mindNode(c, depth + 1))
          .filter((c): c is RawMind => !!c)
          .slice(0, 40);
  return kids.length ? { text, children: kids } : { text };
}

export function normalizeMindmap(
  raw: unknown,
  fallbackCaption: string,
): Check<{ model: MindmapModel; caption: string }> {
  const v = unwrap(raw, ['mindmap', 'mindMap', 'model', 'data', 'result']);
  if (!isObj(v)) return { ok: false, error: '应为包含 root 的对象' };
  const rootIn = isObj(v.root) ? v.root : v;
  const root = mindNode(rootIn, 1);
  if (!root) return { ok: false, error: 'root 缺少 text' };
  const parsed = mindmapSchema.safeParse({ root });
  if (!parsed.success) return { ok: false, error: issues(parsed.error) };
  return { ok: true, value: { model: parsed.data, caption: captionOf(raw, captionOf(v, fallbackCaption)) } };
}

const num = (v: unknown): number | undefined => {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' ? Number(/-?\d+(\.\d+)?/.exec(v)?.[0] ?? NaN) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/**
 * Gantt: tasks kept within the project period — a plan the model stretched past the tender's
 * 工期 is scaled back in code (never trust a model with arithmetic).
 */
export function normalizeGantt(
  raw: unknown,
  fallbackCaption: string,
  periodDays: number | null,
): Check<{ model: GanttModel; caption: string }> {
  const v = unwrap(raw, ['gantt', 'model', 'data', 'result', 'plan']);
  if (!isObj(v)) return { ok: false, error: '应为包含 tasks 的对象' };
  const tasksIn = Array.isArray(v.tasks) ? v.tasks : Array.isArray(v.items) ? v.items : null;
  if (!tasksIn) return { ok: false, error: '缺少 tasks 数组' };
  const unit = /^w|周/i.test(String(v.unit ?? 'day')) ? 'week' : 'day';
  const seen = new Set<string>();
  let tasks = tasksIn.filter(isObj).map((t, i) => {
    const id = str(t.id) ?? `t${i + 1}`;
    const deps = Array.isArray(t.dependsOn)
      ? t.dependsOn
      : Array.isArray(t.dependencies)
        ? t.dependencies
        : typeof t.dependsOn === 'string'
          ? [t.dependsOn]
          : [];
    const milestone = t.milestone === true || t.type === 'milestone';
    return {
      id,
      name: str(t.name) ?? str(t.text) ?? str(t.label) ?? '',
      group: str(t.group) ?? str(t.phase),
      start: Math.max(0, num(t.start) ?? 0),
      duration: milestone
        ? undefined
        : (num(t.duration) ??
          (num(t.end) !== undefined ? Math.max(0, num(t.end)! - (num(t.start) ?? 0)) : undefined)),
      milestone: milestone || undefined,
      dependsOn: deps.map((d: unknown) => str(d) ?? '').filter(Boolean),
    };
  });
  tasks = tasks.filter((t) => t.name.trim() && !seen.has(t.id) && (seen.add(t.id), true));
  for (const t of tasks) t.dependsOn = t.dependsOn.filter((d: string) => seen.has(d) && d !== t.id);
  const limit = periodDays === null ? null : unit === 'week' ? periodDays / 7 : periodDays;
  const end = Math.max(0, ...tasks.map((t) => taskEnd(t)));
  if (limit && end > limit * 1.02) {
    const k = limit / end;
    for (const t of tasks) {
      t.start = Math.round(t.start * k);
      if (t.duration !== undefined) t.duration = Math.max(1, Math.round(t.duration * k));
      if (taskEnd(t) > limit)
        t.duration = t.duration === undefined ? undefined : Math.max(1, Math.round(limit - t.start));
    }
  }
  const parsed = ganttSchema.safeParse({
    unit,
    startDate: typeof v.startDate === 'string' ? v.startDate : undefined,
    tasks,
  });
  if (!parsed.success) return { ok: false, error: issues(parsed.error) };
  return { ok: true, value: { model: parsed.data, caption: captionOf(raw, captionOf(v, fallbackCaption)) } };
}

export function normalizeTable(raw: unknown, fallbackCaption: string): Check<TableModel> {
  const v = unwrap(raw, ['table', 'data', 'result']);
  if (!isObj(v)) return { ok: false, error: '应为包含 columns 和 rows 的对象' };
  const columns = Array.isArray(v.columns)
    ? v.columns
    : Array.isArray(v.headers)
      ? v.headers
      : Array.isArray(v.header)
        ? v.header
        : null;
  let rows = Array.isArray(v.rows) ? v.rows : Array.isArray(v.data) ? v.data : null;
  if (!columns || !rows) return { ok: false, error: '缺少 columns 或 rows' };
  const cols = columns.map((c) => (isObj(c) ? (str(c.title) ?? str(c.name) ?? '') : c));
  // Rows as objects keyed by column name.
  rows = rows.map((r) => (isObj(r) ? cols.map((c) => (r as Obj)[String(c)] ?? '') : r)).filter(Array.isArray);
  const parsed = tableModelSchema.safeParse({
    caption: captionOf(raw, captionOf(v, fallbackCaption)),
    columns: cols,
    rows,
  });
  if (!parsed.success) return { ok: false, error: issues(parsed.error) };
  return { ok: true, value: { ...parsed.data, caption: parsed.data.caption || fallbackCaption } };
}

export function normalizeKeywords(raw: unknown): Check<string[]> {
  const list = Array.isArray(raw)
    ? raw
    : isObj(raw)
      ? Array.isArray(raw.keywords)
        ? raw.keywords
        : Array.isArray(raw.words)
          ? raw.words
          : null
      : null;
  if (!list) return { ok: false, error: '缺少 keywords 数组' };
  const words = [
    ...new Set(list.map((w) => (str(w) ?? '').trim()).filter((w) => w.length >= 1 && w.length <= 20)),
  ].slice(0, 20);
  if (!words.length) return { ok: false, error: 'keywords 为空' };
  return { ok: true, value: words };
}
