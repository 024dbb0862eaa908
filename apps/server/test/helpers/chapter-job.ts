import type { JobEvents, JobHandler } from '../../src/jobs/queue.ts';

export interface ChapterPayload {
  chapters: number;
  /** Pause per chapter (ms): long enough to kill the worker in the middle. */
  pauseMs: number;
}

/**
 * A stand-in for the full-text job: writes chapters one by one, each as an event in the job's log,
 * and on a resumed run starts after the chapters already written (as the real job resumes from
 * its saved chapters), so a chapter written twice would show as a second event.
 */
export function chapterJob(events: JobEvents): JobHandler<ChapterPayload> {
  return async ({ job, signal, emit }) => {
    const written = new Set<number>();
    for (let after = 0; ;) {
      const page = await events.since(job.id, after);
      if (!page.length) break;
      for (const e of page) {
        after = e.seq ?? after;
        if (e.type === 'chapter') written.add(Number(e.data));
      }
    }
    for (let i = 0; i < job.payload.chapters; i++) {
      if (written.has(i)) continue;
      await new Promise((r) => setTimeout(r, job.payload.pauseMs));
      if (signal.aborted) break;
      await emit('chapter', i);
      written.add(i);
    }
    return { written: written.size };
  };
}
