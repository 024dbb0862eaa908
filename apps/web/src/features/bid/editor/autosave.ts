/**
 * Autosave of one chapter: a debounce after the last change, one save at a time, every save carrying
 * the version it was based on. A 409 pauses saving and hands both texts to the caller (nothing is
 * overwritten until the writer decides); other failures keep the change and retry.
 */

export type SaveState = 'saved' | 'dirty' | 'saving' | 'error' | 'conflict';

export interface ServerSide<Doc> {
  version: number;
  content: Doc;
}

export interface AutosaveOptions<Doc> {
  baseVersion: number;
  /** Resolves with the new version; rejects (see `conflictOf`) when the base is stale. */
  save(doc: Doc, baseVersion: number): Promise<{ version: number }>;
  /** The server's side of a 409, or null when the error is something else. */
  conflictOf(error: unknown): ServerSide<Doc> | null;
  getDoc(): Doc;
  onState?(state: SaveState): void;
  onConflict?(server: ServerSide<Doc>, mine: Doc): void;
  onSaved?(result: { version: number }, doc: Doc): void;
  /** Failures that retrying cannot fix (finished bid, removed chapter, too large): saving stops. */
  isFatal?(error: unknown): boolean;
  onFatal?(error: unknown): void;
  delayMs?: number;
  retryMs?: number;
}

export const AUTOSAVE_DELAY_MS = 1500;
export const AUTOSAVE_RETRY_MS = 5000;

export class AutosaveController<Doc> {
  baseVersion: number;
  private state: SaveState = 'saved';
  private dirty = false;
  private paused = false;
  private disposed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private readonly delayMs: number;
  private readonly retryMs: number;

  constructor(private readonly opts: AutosaveOptions<Doc>) {
    this.baseVersion = opts.baseVersion;
    this.delayMs = opts.delayMs ?? AUTOSAVE_DELAY_MS;
    this.retryMs = opts.retryMs ?? AUTOSAVE_RETRY_MS;
  }

  get current(): SaveState {
    return this.state;
  }

  /** True while something typed has not reached the server. */
  get hasUnsaved(): boolean {
    return this.dirty || this.state === 'saving' || this.state === 'conflict';
  }

  private setState(s: SaveState) {
    if (this.state === s) return;
    this.state = s;
    this.opts.onState?.(s);
  }

  private schedule(ms: number) {
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** The document changed: save after the debounce (each change restarts it). */
  markDirty(): void {
    if (this.disposed) return;
    this.dirty = true;
    if (this.paused) return;
    if (this.state !== 'saving') this.setState('dirty');
    this.schedule(this.delayMs);
  }

  /** Saves now (e.g. before switching chapter or restoring a version); resolves when nothing is pending. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.inFlight) await this.inFlight;
    if (!this.dirty || this.paused) return;
    this.inFlight = this.run().finally(() => {
      this.inFlight = null;
    });
    await this.inFlight;
  }

  private async run(): Promise<void> {
    this.dirty = false;
    const doc = this.opts.getDoc();
    this.setState('saving');
    try {
      const r = await this.opts.save(doc, this.baseVersion);
      this.baseVersion = r.version;
      this.opts.onSaved?.(r, doc);
      if (this.dirty) {
        this.setState('dirty');
        this.schedule(this.delayMs);
      } else {
        this.setState('saved');
      }
    } catch (error) {
      // What was being saved is still unsaved.
      this.dirty = true;
      const server = this.opts.conflictOf(error);
      if (server) {
        this.paused = true;
        this.setState('conflict');
        this.opts.onConflict?.(server, this.opts.getDoc());
        return;
      }
      if (this.opts.isFatal?.(error)) {
        this.paused = true;
        this.setState('error');
        this.opts.onFatal?.(error);
        return;
      }
      this.setState('error');
      this.schedule(this.retryMs);
    }
  }

  /**
   * After a 409: 'server' adopts the server's text and version (the caller puts it in the editor);
   * 'mine' saves this editor's text on top of the server's version.
   */
  async resolveConflict(choice: 'server' | 'mine', serverVersion: number): Promise<void> {
    this.baseVersion = serverVersion;
    this.paused = false;
    if (choice === 'server') {
      this.dirty = false;
      this.setState('saved');
      return;
    }
    this.dirty = true;
    await this.flush();
  }

  /** The server's version moved for a reason the editor knows (a restore it asked for). */
  reset(version: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.baseVersion = version;
    this.dirty = false;
    this.paused = false;
    this.setState('saved');
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

// ---- local drafts: the last unsaved text survives a closed tab or a lost connection ----

export interface LocalDraft<Doc> {
  baseVersion: number;
  content: Doc;
  savedAt: number;
}

const draftKey = (catalogId: string) => `bs-draft:${catalogId}`;

export function writeDraft<Doc>(
  catalogId: string,
  draft: LocalDraft<Doc>,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(draftKey(catalogId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server copy is still there.
  }
}

export function readDraft<Doc>(
  catalogId: string,
  storage: Storage | undefined = globalThis.localStorage,
): LocalDraft<Doc> | null {
  try {
    const raw = storage?.getItem(draftKey(catalogId));
    if (!raw) return null;
    const v = JSON.parse(raw) as LocalDraft<Doc>;
    return v && typeof v.baseVersion === 'number' && v.content ? v : null;
  } catch {
    return null;
  }
}

export function clearDraft(catalogId: string, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(draftKey(catalogId));
  } catch {
    /* nothing to clear */
  }
}

/** Same document, ignoring key order of attrs (TipTap and the server may order keys differently). */
export function sameDoc(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as Record<string, unknown>)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
