import { Worker, type WorkerOptions } from 'node:worker_threads';

/** What a pool of one kind of worker needs to know about its tasks and messages. */
export interface WorkerPoolSpec<Task, Msg extends { taskId: number }, Result, Context> {
  /** The worker's entry (a .mjs boot file beside the worker module). */
  boot: URL;
  workerOptions?: WorkerOptions;
  /** The message that starts `task` in a worker. */
  startMessage(taskId: number, task: Task): unknown;
  /** One message about the running task: its result, its failure, or null while it goes on (progress). */
  settle(msg: Msg, context: Context): { value: Result } | { error: Error } | null;
  closedError(): Error;
  deadError(detail: string): Error;
  timeoutError(task: Task, limitMs: number): Error;
  /** Told when a worker is given up (dead, stuck or failed); the pool carries on. */
  onWorkerStopped?(err: Error): void;
}

interface Pending<Task, Result, Context> {
  taskId: number;
  task: Task;
  context: Context;
  limitMs: number;
  resolve: (value: Result) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Slot<Task, Result, Context> {
  worker: Worker;
  current: Pending<Task, Result, Context> | null;
}

/**
 * A few long-lived worker threads running CPU-heavy tasks (Word export, the offline engine) so that
 * they never stall the event loop. Tasks queue when every worker is busy. A task that runs past its
 * time limit, or a worker that dies, costs that worker (terminated and replaced), never the server.
 */
export class WorkerPool<Task, Msg extends { taskId: number }, Result, Context = undefined> {
  private readonly slots = new Set<Slot<Task, Result, Context>>();
  private readonly queue: Pending<Task, Result, Context>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly spec: WorkerPoolSpec<Task, Msg, Result, Context>,
    private readonly size: number,
  ) {}

  /** Starts one worker ahead of the first task (module loading takes seconds on a cold process). */
  prewarm(): void {
    if (!this.closed && this.slots.size === 0) this.spawn();
  }

  /** Tasks waiting for a worker (not counting the running ones). */
  get waiting(): number {
    return this.queue.length;
  }

  run(task: Task, limitMs: number, context: Context): Promise<Result> {
    if (this.closed) return Promise.reject(this.spec.closedError());
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ taskId: this.nextId++, task, context, limitMs, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.current);
      if (!slot && this.slots.size < this.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot<Task, Result, Context> {
    const worker = new Worker(this.spec.boot, this.spec.workerOptions);
    const slot: Slot<Task, Result, Context> = { worker, current: null };
    worker.on('message', (msg: Msg) => this.onMessage(slot, msg));
    worker.on('error', (err) => this.fail(slot, this.spec.deadError(err.message)));
    worker.on('exit', (code) => {
      if (this.slots.has(slot)) this.fail(slot, this.spec.deadError(`worker exited with code ${code}`));
    });
    // An idle worker must not keep the process alive at shutdown.
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot<Task, Result, Context>, p: Pending<Task, Result, Context>): void {
    slot.current = p;
    p.timer = setTimeout(() => this.fail(slot, this.spec.timeoutError(p.task, p.limitMs)), p.limitMs);
    p.timer.unref();
    slot.worker.postMessage(this.spec.startMessage(p.taskId, p.task));
  }

  private onMessage(slot: Slot<Task, Result, Context>, msg: Msg): void {
    const p = slot.current;
    if (!p || msg.taskId !== p.taskId) return;
    const outcome = this.spec.settle(msg, p.context);
    if (!outcome) return;
    clearTimeout(p.timer);
    slot.current = null;
    if ('value' in outcome) p.resolve(outcome.value);
    else p.reject(outcome.error);
    this.pump();
  }

  /** The worker is gone or stuck: fail its task, terminate and forget it, carry on with the queue. */
  private fail(slot: Slot<Task, Result, Context>, err: Error): void {
    if (!this.slots.delete(slot)) return;
    const p = slot.current;
    slot.current = null;
    if (p) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.spec.onWorkerStopped?.(err);
    void slot.worker.terminate().catch(() => {});
    if (!this.closed) this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(this.spec.closedError());
    const slots = [...this.slots];
    this.slots.clear();
    for (const s of slots) {
      if (s.current) {
        clearTimeout(s.current.timer);
        s.current.reject(this.spec.closedError());
      }
    }
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => 0)));
  }
}
