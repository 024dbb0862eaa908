import type { ModelTier, TenderAnalysis } from '@bid/shared';
import { tooMany } from '../http/errors.ts';
import { AiError } from './errors.ts';
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
import type { ActorScope } from '../policy/actor.ts';

/**
 * Fair use of the model. Every AI task goes through FairEngine, which
 * - queues tasks per tier in one fair queue: a free slot goes to the waiting user with the fewest
 *   tasks running (then the one served longest ago, then the earliest), so one user's sixteen
 *   parallel writes cannot starve another;
 * - caps tasks running at once per user and per company (a user never holds every slot);
 * - refuses a task once the user's or the company's daily token budget is spent;
 * and a StreamLimit bounds the event streams one user may hold open.
 *
 * With several instances (REDIS_URL) the per-user and per-company caps are one limit over all of
 * them: each slot a user's task takes is also a lease in shared storage (SlotLeases, Redis), taken
 * only when the user and the company are below their caps everywhere. The local queue still decides
 * which of its waiting tasks goes first; a task that another instance's leases keep out waits for a
 * release there (or a lease's expiry when that instance died) and is tried again. The tier's slot
 * count stays per instance: it is the concurrency of this instance's model client. A user's open
 * event streams are counted there too.
 */

export interface FairUseLimits {
  perUser: number;
  perCompany: number;
  /** Tokens (prompt + completion) per day; 0 = no limit. */
  userDailyTokens: number;
  companyDailyTokens: number;
  /** Open event streams per user. */
  streamsPerUser: number;
}

export const DEFAULT_FAIR_USE: FairUseLimits = {
  perUser: 4,
  perCompany: 8,
  userDailyTokens: 2_000_000,
  companyDailyTokens: 0,
  streamsPerUser: 6,
};

/** Tokens used today by a user and by their company. */
export interface TokenLedger {
  usedToday(actor: ActorScope): Promise<{ user: number; company: number }>;
}

/** Start of today in China (UTC+8), as an ISO instant: budgets renew at local midnight. */
export function startOfChinaDay(now = Date.now()): string {
  const shifted = now + 8 * 3_600_000;
  return new Date(shifted - (shifted % 86_400_000) - 8 * 3_600_000).toISOString();
}

/** Tasks of a tier without an actor (system work) share one key. */
const SYSTEM: ActorScope = { userId: '-system-', tenantId: '-system-' };

interface Waiter {
  actor: ActorScope;
  seq: number;
  start: (lease: SlotLease | null) => void;
  fail: (err: unknown) => void;
  /** Aborted while waiting: a lease taken for it in the meantime goes back. */
  gone: boolean;
}

/** One slot held in shared storage; `release` returns it. */
export interface SlotLease {
  release(): Promise<void>;
}

/**
 * Slots counted across instances (apps/server/src/ai/fair-slots-redis.ts). `acquire` takes a lease
 * for the user and their company at once, or answers which cap is full; a lease of an instance that
 * died expires on its own. `onRelease` is told when any instance returns a lease of the tier.
 */
export interface SlotLeases {
  acquire(
    tier: ModelTier,
    actor: ActorScope,
    caps: { perUser: number; perCompany: number },
  ): Promise<SlotLease | 'user' | 'company'>;
  /** A place among the user's open event streams, or null when `cap` are open already. */
  acquireStream(userId: string, cap: number): Promise<SlotLease | null>;
  onRelease(fn: (tier: ModelTier) => void): () => void;
  /** How long a gate waits before asking again when no release came (a dead holder's lease expiring). */
  readonly retryMs: number;
  close(): Promise<void>;
}

/** The fair queue of one tier: `slots` tasks run at once, handed out as described above. */
export class FairGate {
  private readonly byUser = new Map<string, number>();
  private readonly byCompany = new Map<string, number>();
  private running = 0;
  private seq = 0;
  private starts = 0;
  private readonly lastStart = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  /** Shared leases only: tasks out of `waiting` while the store answers for them (still waiting). */
  private readonly trying = new Set<Waiter>();
  /** Shared leases only: a pass of the queue is under way / asked for again meanwhile. */
  private pumping = false;
  private again = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    readonly slots: number,
    private readonly perUser: number,
    private readonly perCompany: number,
    /** With several instances: the user and company caps counted over all of them. */
    private readonly shared: { leases: SlotLeases; tier: ModelTier } | null = null,
  ) {}

  /** A user never holds every slot while there is more than one: someone else can always start. */
  private userCap(): number {
    return Math.min(this.perUser, Math.max(1, this.slots - 1));
  }

  /** Tasks waiting for a slot, those whose lease the store is being asked for included. */
  get queued(): number {
    let n = this.waiting.length;
    for (const w of this.trying) if (!w.gone) n += 1;
    return n;
  }

  async run<T>(actor: ActorScope, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const lease = await this.enter(actor, signal);
    try {
      return await fn();
    } finally {
      // The lease first: the task `leave` starts next may be this user's, and needs it free.
      // A store that does not answer keeps it until it expires; the local slot is freed anyway.
      if (lease) await lease.release().catch(() => {});
      this.leave(actor);
    }
  }

  /**
   * A release somewhere (another instance): waiting tasks are tried again. Also when the only one
   * is out for its lease: the store may have refused it before this release, with the answer still
   * on its way; the pass is then run again (`again`) rather than the release lost until the retry.
   */
  poke(): void {
    if (this.queued) this.schedule();
  }

  private eligible(a: ActorScope): boolean {
    if (this.running >= this.slots) return false;
    if ((this.byUser.get(a.userId) ?? 0) >= this.userCap()) return false;
    return (this.byCompany.get(a.tenantId) ?? 0) < this.perCompany;
  }

  private take(a: ActorScope): void {
    this.lastStart.set(a.userId, this.starts++);
    this.running += 1;
    this.byUser.set(a.userId, (this.byUser.get(a.userId) ?? 0) + 1);
    this.byCompany.set(a.tenantId, (this.byCompany.get(a.tenantId) ?? 0) + 1);
  }

  private leave(a: ActorScope): void {
    this.untake(a);
    this.pump();
  }

  /** The counting half of `leave`: the slot is free again (the queue is not pumped). */
  private untake(a: ActorScope): void {
    this.running -= 1;
    const u = (this.byUser.get(a.userId) ?? 1) - 1;
    if (u) this.byUser.set(a.userId, u);
    else {
      this.byUser.delete(a.userId);
      if (!this.waiting.some((w) => w.actor.userId === a.userId)) this.lastStart.delete(a.userId);
    }
    const c = (this.byCompany.get(a.tenantId) ?? 1) - 1;
    if (c) this.byCompany.set(a.tenantId, c);
    else this.byCompany.delete(a.tenantId);
  }

  /** Tasks without a user (system work) are capped per instance only: fairness is between users. */
  private sharedFor(a: ActorScope): SlotLeases | null {
    return this.shared && a !== SYSTEM ? this.shared.leases : null;
  }

  private enter(actor: ActorScope, signal?: AbortSignal): Promise<SlotLease | null> {
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    if (!this.waiting.length && this.eligible(actor) && !this.sharedFor(actor)) {
      this.take(actor);
      return Promise.resolve(null);
    }
    return new Promise<SlotLease | null>((resolve, reject) => {
      const w: Waiter = { actor, seq: this.seq++, start: resolve, fail: reject, gone: false };
      const onAbort = () => {
        w.gone = true;
        const i = this.waiting.indexOf(w);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      w.start = (lease) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(lease);
      };
      w.fail = (err) => {
        signal?.removeEventListener('abort', onAbort);
        reject(err);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(w);
      this.pump();
    });
  }

  /**
   * The waiting task to start next among those `skip` lets through: the user running fewest
   * first, then the one served longest ago (round robin), then arrival order.
   */
  private next(skip: (w: Waiter) => boolean = () => false): number {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) {
      const w = this.waiting[i];
      if (!this.eligible(w.actor) || skip(w)) continue;
      if (best < 0) best = i;
      else {
        const b = this.waiting[best];
        const wr = this.byUser.get(w.actor.userId) ?? 0;
        const br = this.byUser.get(b.actor.userId) ?? 0;
        const wl = this.lastStart.get(w.actor.userId) ?? -1;
        const bl = this.lastStart.get(b.actor.userId) ?? -1;
        if (wr < br || (wr === br && (wl < bl || (wl === bl && w.seq < b.seq)))) best = i;
      }
    }
    return best;
  }

  /** Starts waiting tasks while slots are free. */
  private pump(): void {
    if (this.shared) {
      this.schedule();
      return;
    }
    for (;;) {
      const best = this.next();
      if (best < 0) return;
      const [w] = this.waiting.splice(best, 1);
      this.take(w.actor);
      w.start(null);
    }
  }

  /** One pass of the queue at a time: the store answers asynchronously. */
  private schedule(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pumpShared().finally(() => {
      this.pumping = false;
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    });
  }

  /**
   * The shared pass: the local order picks a task, the store is asked for its lease; a task whose
   * user or company is full on other instances is passed over (with every task of that user or
   * company) until a release or the retry timer brings the queue round again.
   */
  private async pumpShared(): Promise<void> {
    const fullUsers = new Set<string>();
    const fullCompanies = new Set<string>();
    for (;;) {
      const best = this.next((w) => fullUsers.has(w.actor.userId) || fullCompanies.has(w.actor.tenantId));
      if (best < 0) break;
      const w = this.waiting[best];
      const leases = this.sharedFor(w.actor);
      if (!leases) {
        this.waiting.splice(best, 1);
        this.take(w.actor);
        w.start(null);
        continue;
      }
      // Held locally while the store answers, so that no other pass gives the slot away.
      this.waiting.splice(best, 1);
      const served = this.lastStart.get(w.actor.userId);
      this.take(w.actor);
      // A task that did not start leaves its user's turn in the round robin as it was.
      const giveBack = () => {
        this.untake(w.actor);
        if (w.gone) return;
        if (served === undefined) this.lastStart.delete(w.actor.userId);
        else this.lastStart.set(w.actor.userId, served);
      };
      let got: SlotLease | 'user' | 'company';
      this.trying.add(w);
      try {
        got = await leases.acquire(this.shared!.tier, w.actor, {
          perUser: this.userCap(),
          perCompany: this.perCompany,
        });
      } catch (err) {
        giveBack();
        if (!w.gone) w.fail(new AiError('server', 'AI 任务调度暂时不可用，请稍后重试', true, err));
        continue;
      } finally {
        this.trying.delete(w);
      }
      if (typeof got !== 'string') {
        if (w.gone) {
          giveBack();
          void got.release().catch(() => {});
        } else w.start(got);
        continue;
      }
      // Full elsewhere: back in the queue where it was (its arrival number keeps its turn).
      giveBack();
      if (!w.gone) this.waiting.push(w);
      (got === 'user' ? fullUsers : fullCompanies).add(got === 'user' ? w.actor.userId : w.actor.tenantId);
    }
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    // Someone still waits on other instances' leases: ask again later even if no release is heard.
    if (this.waiting.some((w) => this.eligible(w.actor))) {
      this.retry = setTimeout(() => {
        this.retry = null;
        this.schedule();
      }, this.shared!.leases.retryMs);
      this.retry.unref();
    }
  }
}

/** Event streams open per user: `open` answers a release, or throws 429 when the user has too many. */
export interface StreamLimit {
  open(userId: string): Promise<() => void>;
}

const tooManyStreams = (perUser: number) =>
  tooMany(`同时打开的进度连接过多（最多 ${perUser} 个），请关闭其他标书页面后重试`, 5);

/** The streams of this process (the embedded mode). */
export class StreamCap implements StreamLimit {
  private readonly open_ = new Map<string, number>();

  constructor(private readonly perUser: number) {}

  async open(userId: string): Promise<() => void> {
    const n = this.open_.get(userId) ?? 0;
    if (n >= this.perUser) throw tooManyStreams(this.perUser);
    this.open_.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open_.get(userId) ?? 1) - 1;
      if (left) this.open_.set(userId, left);
      else this.open_.delete(userId);
    };
  }
}

/** The streams of every instance (REDIS_URL): a user's limit holds wherever the pages connect. */
export class SharedStreamCap implements StreamLimit {
  constructor(
    private readonly perUser: number,
    private readonly leases: SlotLeases,
  ) {}

  async open(userId: string): Promise<() => void> {
    const lease = await this.leases.acquireStream(userId, this.perUser);
    if (!lease) throw tooManyStreams(this.perUser);
    return () => void lease.release().catch(() => {});
  }
}

/** The fair-use rules of one server: a gate per tier, the budgets and the stream cap. */
export class FairUse {
  private readonly gates = new Map<ModelTier, FairGate>();
  readonly streams: StreamLimit;

  private readonly unsubscribe: (() => void) | null;

  /**
   * `leases`: the slots counted across instances (REDIS_URL); null counts them in this process,
   * the embedded mode (services.ts chooses).
   */
  constructor(
    readonly limits: FairUseLimits,
    private readonly ledger: TokenLedger | null,
    private readonly leases: SlotLeases | null = null,
  ) {
    this.streams = leases
      ? new SharedStreamCap(limits.streamsPerUser, leases)
      : new StreamCap(limits.streamsPerUser);
    this.unsubscribe = leases?.onRelease((tier) => this.gates.get(tier)?.poke()) ?? null;
  }

  gate(tier: ModelTier, slots: number): FairGate {
    let g = this.gates.get(tier);
    if (!g) {
      g = new FairGate(
        Math.max(1, slots),
        this.limits.perUser,
        this.limits.perCompany,
        this.leases ? { leases: this.leases, tier } : null,
      );
      this.gates.set(tier, g);
    }
    return g;
  }

  /** Stops listening for other instances' releases (the store itself is closed by its owner). */
  close(): void {
    this.unsubscribe?.();
  }

  /**
   * One AI task under the rules: the budget first (system work without an actor has none), then a
   * fair slot of the tier. Every model-backed feature goes through here (engine tasks, chart and
   * image elements), so no feature is a way around the limits.
   */
  async run<T>(
    actor: ActorScope | undefined,
    tier: ModelTier,
    slots: number,
    fn: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    if (actor) await this.checkBudget(actor);
    return this.gate(tier, slots).run(actor ?? SYSTEM, fn, signal);
  }

  /** Throws 429 with a Chinese message when today's budget of the user or their company is spent. */
  async checkBudget(actor: ActorScope): Promise<void> {
    const { userDailyTokens: u, companyDailyTokens: c } = this.limits;
    if (!this.ledger || (!u && !c)) return;
    const used = await this.ledger.usedToday(actor);
    // An AiError of kind rate_limited: the callers already answer it as 429 (or a failed chapter).
    if (u && used.user >= u)
      throw new AiError(
        'rate_limited',
        `今日 AI 用量已达上限（${u.toLocaleString('zh-CN')} tokens），明天 0 点恢复；如需更多请联系客服`,
      );
    if (c && used.company >= c)
      throw new AiError(
        'rate_limited',
        `本企业今日 AI 用量已达上限（${c.toLocaleString('zh-CN')} tokens），明天 0 点恢复；如需更多请联系客服`,
      );
  }
}

/** The engine every AI task goes through: budget first, then a fair slot of the tier, then the work. */
export class FairEngine implements AiEngine {
  constructor(
    private readonly inner: AiEngine,
    readonly fair: FairUse,
  ) {}

  /** Read at each call: the inner engine may be switched from the console. */
  get name(): AiEngine['name'] {
    return this.inner.name;
  }

  private run<T>(opts: RunOptions, fn: () => Promise<Generated<T>>): Promise<Generated<T>> {
    return this.fair.run(opts.actor, opts.tier, this.inner.concurrency(opts.tier), fn, opts.signal);
  }

  analyzeTender(text: string, opts: RunOptions): Promise<Generated<TenderAnalysis>> {
    return this.run(opts, () => this.inner.analyzeTender(text, opts));
  }
  generateOutline(input: OutlineInput, opts: RunOptions): Promise<Generated<OutlineNode[]>> {
    return this.run(opts, () => this.inner.generateOutline(input, opts));
  }
  generateChildren(input: ChildrenInput, opts: RunOptions): Promise<Generated<OutlineNode[]>> {
    return this.run(opts, () => this.inner.generateChildren(input, opts));
  }
  writeChapter(ctx: ChapterContext, opts: RunOptions): Promise<Generated<string>> {
    return this.run(opts, () => this.inner.writeChapter(ctx, opts));
  }
  editSelection(input: EditInput, opts: RunOptions): Promise<Generated<string>> {
    return this.run(opts, () => this.inner.editSelection(input, opts));
  }
  concurrency(tier: ModelTier): number {
    return this.inner.concurrency(tier);
  }
}
