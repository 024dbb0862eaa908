import type { ChapterStatus, JobStatus } from '@bid/shared';

/** What the page knows of a full-text job, built from the events stream (pure: unit-tested). */
export interface ChapterProgress {
  catalogId: string;
  title: string;
  status: ChapterStatus | 'pending' | 'skipped';
  engine?: string | null;
  msg?: string | null;
  /** Characters received so far while writing. */
  chars: number;
}

export interface JobView {
  jobId: string | null;
  status: JobStatus | null;
  done: number;
  failed: number;
  total: number;
  msg: string | null;
  chapters: Record<string, ChapterProgress>;
  /** Order of first appearance (the job writes in outline order). */
  order: string[];
}

export const emptyJob: JobView = { jobId: null, status: null, done: 0, failed: 0, total: 0, msg: null, chapters: {}, order: [] };

export const TERMINAL: ReadonlyArray<JobStatus> = ['done', 'failed', 'cancelled'];

export function isRunning(v: JobView): boolean {
  return v.status === 'queued' || v.status === 'running';
}

function upsert(v: JobView, id: string, patch: Partial<ChapterProgress>, titleOf: (id: string) => string): JobView {
  const cur = v.chapters[id] ?? { catalogId: id, title: titleOf(id), status: 'pending' as const, chars: 0 };
  const next = { ...cur, ...patch };
  if (!next.title) next.title = titleOf(id);
  return { ...v, chapters: { ...v.chapters, [id]: next }, order: v.chapters[id] ? v.order : [...v.order, id] };
}

/** Applies one event of GET /api/ai/client/writingEvents. */
export function applyEvent(v: JobView, event: string, data: any, titleOf: (id: string) => string = () => ''): JobView {
  switch (event) {
    case 'snapshot': {
      let out: JobView = { ...emptyJob, jobId: data.jobId, status: data.status, done: data.done ?? 0, total: data.total ?? 0 };
      for (const c of (data.chapters ?? []) as Array<{ catalogId: string; status: string; engine?: string | null; msg?: string | null }>) {
        out = upsert(out, c.catalogId, { status: c.status as ChapterProgress['status'], engine: c.engine ?? null, msg: c.msg ?? null }, titleOf);
      }
      out.failed = Object.values(out.chapters).filter((c) => c.status === 'error').length;
      return out;
    }
    case 'job':
      return { ...v, jobId: data.jobId ?? v.jobId, status: data.status, done: data.done, failed: data.failed ?? v.failed, total: data.total, msg: data.msg ?? null };
    case 'chapter':
      return upsert(v, data.catalogId, { status: data.status, engine: data.engine ?? null, msg: data.msg ?? null, ...(data.title ? { title: data.title } : {}), ...(data.status === 'writing' ? { chars: 0 } : {}) }, titleOf);
    case 'delta': {
      const cur = v.chapters[data.catalogId];
      return upsert(v, data.catalogId, { status: 'writing', chars: (cur?.chars ?? 0) + Array.from(String(data.text ?? '')).length }, titleOf);
    }
    default:
      return v;
  }
}

/** Overall percent of a job. */
export function jobPercent(v: JobView): number {
  if (!v.total) return 0;
  return Math.min(100, Math.round((v.done / v.total) * 100));
}

/** 'offline' | 'openai:<model>' -> what the badge says. */
export function engineText(engine: string | null | undefined): { label: string; color: string } | null {
  if (!engine) return null;
  if (engine === 'offline') return { label: '离线草稿', color: 'default' };
  if (engine.startsWith('openai')) {
    const model = engine.split(':')[1];
    return { label: model ? `AI · ${model}` : 'AI 模型', color: 'green' };
  }
  return { label: engine, color: 'default' };
}
