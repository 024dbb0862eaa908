import { LIMITS } from '@bid/shared';

/**
 * SPEC section 5: a POST or PUT with the same url and the same body within the window of the previous
 * one is refused (a double click, a held Enter key). GET and other methods are never guarded.
 * The clock is injected so tests need no timers.
 */
export class DuplicateSubmitGuard {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly windowMs: number = LIMITS.duplicateSubmitWindowMs,
    private readonly now: () => number = () => Date.now(),
  ) {}

  static isGuarded(method: string | undefined): boolean {
    const m = (method ?? 'get').toUpperCase();
    return m === 'POST' || m === 'PUT';
  }

  /**
   * True when the request may go out (and is remembered), false when it repeats one sent less than
   * the window ago. A refused repeat does not extend the window: it is measured from the one sent.
   */
  admit(method: string | undefined, url: string, body?: unknown): boolean {
    if (!DuplicateSubmitGuard.isGuarded(method)) return true;
    const t = this.now();
    this.prune(t);
    const key = `${(method ?? '').toUpperCase()} ${url}\n${bodyKey(body)}`;
    const previous = this.last.get(key);
    if (previous !== undefined && t - previous < this.windowMs) return false;
    this.last.set(key, t);
    return true;
  }

  clear(): void {
    this.last.clear();
  }

  private prune(t: number): void {
    for (const [key, at] of this.last) if (t - at >= this.windowMs) this.last.delete(key);
  }
}

/** A stable text for a request body: key order of plain objects does not matter, files by identity. */
export function bodyKey(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return `s:${body}`;
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
    return `q:${body.toString()}`;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const entries: string[] = [];
    body.forEach((value, name) =>
      entries.push(`${name}=${typeof value === 'string' ? value : fileKey(value)}`),
    );
    return `f:${entries.join('&')}`;
  }
  if (typeof Blob !== 'undefined' && body instanceof Blob) return `b:${fileKey(body)}`;
  return `j:${stableStringify(body)}`;
}

function fileKey(blob: Blob): string {
  const f = blob as Partial<File>;
  return `${f.name ?? ''}|${blob.size}|${blob.type}|${f.lastModified ?? ''}`;
}

function stableStringify(value: unknown): string {
  return (
    JSON.stringify(value, (_k, v: unknown) => {
      if (v && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype) {
        const sorted: Record<string, unknown> = {};
        for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
        return sorted;
      }
      return v;
    }) ?? ''
  );
}
