import { parentPort } from 'node:worker_threads';
import { runOfflineTask, type OfflineResult, type OfflineTask } from './tasks.ts';

/** The offline engine's worker thread: one task at a time, answered with the same function as in place. */
export type ToOfflineWorker = { taskId: number; task: OfflineTask };
export type FromOfflineWorker =
  { taskId: number; ok: true; value: OfflineResult } | { taskId: number; ok: false; message: string };

const port = parentPort!;

port.on('message', ({ taskId, task }: ToOfflineWorker) => {
  let msg: FromOfflineWorker;
  try {
    msg = { taskId, ok: true, value: runOfflineTask(task) };
  } catch (err) {
    msg = { taskId, ok: false, message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  port.postMessage(msg);
});
