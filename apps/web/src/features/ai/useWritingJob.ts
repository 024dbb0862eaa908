import { useCallback, useEffect, useRef, useState } from 'react';
import { Code, type CatalogNode } from '@bid/shared';
import { aiApi } from './api.ts';
import { applyEvent, emptyJob, isRunning, TERMINAL, type JobView } from './writingJob.ts';

function titles(tree: CatalogNode[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (nodes: CatalogNode[]) => nodes.forEach((n) => (out.set(n.id, n.title), walk(n.children)));
  walk(tree);
  return out;
}

/**
 * The full-text job of a bid as the page sees it: started here or found running on load (it survives
 * a closed tab), followed through the events stream, which reconnects with Last-Event-ID.
 */
export function useWritingJob(
  bidId: string,
  tree: CatalogNode[],
  hooks: { onChapterDone?: (catalogId: string) => void; onEnded?: (jobId: string | null) => void } = {},
) {
  const [view, setView] = useState<JobView>(emptyJob);
  const [starting, setStarting] = useState(false);
  const titleMap = useRef(new Map<string, string>());
  titleMap.current = titles(tree);
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;
  const following = useRef<AbortController | null>(null);

  const follow = useCallback(async () => {
    following.current?.abort();
    const ctrl = new AbortController();
    following.current = ctrl;
    let lastId: string | null = null;
    let current: JobView = emptyJob;
    let failures = 0;
    const titleOf = (id: string) => titleMap.current.get(id) ?? '';
    while (!ctrl.signal.aborted) {
      try {
        await aiApi.writingEvents(
          bidId,
          lastId,
          (e) => {
            if (e.id) lastId = e.id;
            const data: unknown = JSON.parse(e.data);
            const before = current;
            current = applyEvent(current, e.event, data, titleOf);
            setView(current);
            if (e.event === 'chapter') {
              for (const id of current.order)
                if (current.chapters[id]?.status === 'done' && before.chapters[id]?.status !== 'done')
                  hooksRef.current.onChapterDone?.(id);
            }
          },
          ctrl.signal,
        );
        failures = 0;
      } catch {
        failures += 1;
      }
      if (ctrl.signal.aborted) return;
      if (!current.jobId || (current.status && TERMINAL.includes(current.status))) {
        hooksRef.current.onEnded?.(current.jobId);
        return;
      }
      // The stream ended early (network, proxy, server restart): pick up where it stopped.
      await new Promise((r) => setTimeout(r, Math.min(10_000, 1000 * 2 ** Math.min(failures, 3))));
    }
  }, [bidId]);

  useEffect(() => {
    let alive = true;
    void aiApi.isWriting(bidId).then(
      (w) => {
        if (alive && w.writing) void follow();
      },
      () => undefined,
    );
    return () => {
      alive = false;
      following.current?.abort();
    };
  }, [bidId, follow]);

  const start = useCallback(
    async (overwrite: boolean) => {
      setStarting(true);
      try {
        const env = await aiApi.startFullText(bidId, overwrite);
        // 10014: a job is already running (another tab started it): follow that one.
        if (env.code === Code.OK || env.code === Code.ACCEPTED_PROCESSING) void follow();
      } catch {
        /* 601 (no outline, all written, finished bid) is shown by the request layer */
      } finally {
        setStarting(false);
      }
    },
    [bidId, follow],
  );

  const cancel = useCallback(async () => {
    try {
      await aiApi.cancelWriting(bidId);
    } catch {
      /* shown */
    }
  }, [bidId]);

  return { view, running: isRunning(view), starting, start, cancel };
}
