import { parentPort, workerData } from 'node:worker_threads';
import type { TenderFileKind } from '@bid/shared';
import { ParseFailure, parseFileAt, type ParseLimits } from './parse-core.ts';

/** Worker thread entry: parses one file and reports { ok, result } or { ok: false, code }. */
const { file, kind, limits } = workerData as { file: string; kind: TenderFileKind; limits: ParseLimits };

parseFileAt(file, kind, limits)
  .then((result) => parentPort!.postMessage({ ok: true, result }))
  .catch((e: unknown) => {
    if (e instanceof ParseFailure) parentPort!.postMessage({ ok: false, code: e.code });
    else parentPort!.postMessage({ ok: false, code: 'internal', detail: (e as Error)?.message ?? String(e) });
  });
