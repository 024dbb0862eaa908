import {
  writingChapterEventSchema,
  writingDeltaEventSchema,
  writingJobEventSchema,
  writingSnapshotSchema,
  type JOB_CHAPTER_STATUSES,
  type JobStatus,
} from '@bid/shared';

/** What the page knows of a full-text job, built from the events stream (pure: unit-tested). */
export interface ChapterProgress {
  catalogId: string;
  title: string;
  status: (typeof JOB_CHAPTER_STATUSES)[number];
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

export const emptyJob: JobView = {
  jobId: null,
  status: null,
  done: 0,
  failed: 0,
  total: 0,
  msg: null,
  chapters: {},
  order: [],
};

export const TERMINAL: ReadonlyArray<JobStatus> = ['done', 'failed', 'cancelled'];

export function isRunning(v: JobView): boolean {
  return v.status === 'queued' || v.status === 'running';
}

function upsert(
  v: JobView,
  id: string,
  patch: Partial<ChapterProgress>,
  titleOf: (id: string) => string,
): JobView {
  const cur = v.chapters[id] ?? { catalogId: id, title: titleOf(id), status: 'pending' as const, chars: 0 };
  const next = { ...cur, ...patch };
  if (!next.title) next.title = titleOf(id);
  return {
    ...v,
    chapters: { ...v.chapters, [id]: next },
    order: v.chapters[id] ? v.order : [...v.order, id],
  };
}

/** Applies one event of the writing-events stream; an event that does not parse changes nothing. */
export function applyEvent(
  v: JobView,
  event: string,
  data: unknown,
  titleOf: (id: string) => string = () => '',
): JobView {
  switch (event) {
    case 'snapshot': {
      const r = writingSnapshotSchema.safeParse(data);
      if (!r.success) return v;
      const d = r.data;
      let out: JobView = {
        ...emptyJob,
        jobId: d.jobId,
        status: d.status,
        done: d.done ?? 0,
        total: d.total ?? 0,
      };
      for (const c of d.chapters ?? [])
        out = upsert(
          out,
          c.catalogId,
          { status: c.status, engine: c.engine ?? null, msg: c.msg ?? null },
          titleOf,
        );
      out.failed = Object.values(out.chapters).filter((c) => c.status === 'error').length;
      return out;
    }
    case 'job': {
      const r = writingJobEventSchema.safeParse(data);
      if (!r.success) return v;
      const d = r.data;
      return {
        ...v,
        jobId: d.jobId ?? v.jobId,
        status: d.status,
        done: d.done,
        failed: d.failed ?? v.failed,
        total: d.total,
        msg: d.msg ?? null,
      };
    }
    case 'chapter': {
      const r = writingChapterEventSchema.safeParse(data);
      if (!r.success) return v;
      const d = r.data;
      return upsert(
        v,
        d.catalogId,
        {
          status: d.status,
          engine: d.engine ?? null,
          msg: d.msg ?? null,
          ...(d.title ? { title: d.title } : {}),
          ...(d.status === 'writing' ? { chars: 0 } : {}),
        },
        titleOf,
      );
    }
    case 'delta': {
      const r = writingDeltaEventSchema.safeParse(data);
      if (!r.success) return v;
      const cur = v.chapters[r.data.catalogId];
      return upsert(
        v,
        r.data.catalogId,
        { status: 'writing', chars: (cur?.chars ?? 0) + Array.from(r.data.text).length },
        titleOf,
      );
    }
    default:
      return v;
  }
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
