import { FILE_LIMITS, FILE_MESSAGES, type TenderFileKind } from '@bid/shared';
import { Semaphore } from '../ai/semaphore.ts';
import { ChildSandbox, SandboxKilled, SandboxTaskError } from '../lib/child-sandbox.ts';
import type { ParseFailureCode, ParseLimits, ParsedFile } from './parse-core.ts';

export class FileParseError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ParseRunnerOptions {
  timeoutMs?: number;
  /** JS heap of the parsing child. */
  heapMb?: number;
  /** Resident memory past which the child is killed (heap + inflated streams + native buffers). */
  rssMb?: number;
  /** Files parsed at the same time (each in its own child process). */
  parallel?: number;
  limits?: Partial<ParseLimits>;
}

const ENTRY = new URL('./parse-worker.ts', import.meta.url);

/** The parsers a kind needs, loaded before the TypeScript loader so that a child starts fast. */
const PRELOAD: Record<TenderFileKind, string[]> = {
  pdf: ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'],
  docx: ['mammoth', 'yauzl'],
  doc: ['word-extractor'],
  txt: ['iconv-lite'],
};

/**
 * Runs each parse in a fresh child process (lib/child-sandbox.ts) with a heap limit, an RSS
 * watchdog and a time limit: a hostile file costs that child, which is killed and whose memory the
 * operating system takes back, never the server. At most `parallel` parses run at once.
 */
export class ParseRunner {
  private readonly sem: Semaphore;
  private readonly sandboxes = new Map<TenderFileKind, ChildSandbox>();
  private readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly rssMb: number;
  private readonly parallel: number;
  private readonly limits: ParseLimits;

  constructor(opts: ParseRunnerOptions = {}) {
    this.parallel = opts.parallel ?? 2;
    this.sem = new Semaphore(this.parallel);
    this.timeoutMs = opts.timeoutMs ?? FILE_LIMITS.parseTimeoutMs;
    this.heapMb = opts.heapMb ?? FILE_LIMITS.parseHeapMb;
    this.rssMb = opts.rssMb ?? this.heapMb + 256;
    this.limits = {
      maxPages: FILE_LIMITS.maxPdfPages,
      maxUnpackedBytes: FILE_LIMITS.maxUnpackedBytes,
      maxEntries: FILE_LIMITS.maxZipEntries,
      maxTextChars: FILE_LIMITS.maxTextChars,
      ...opts.limits,
    };
  }

  messageOf(code: ParseFailureCode): string {
    switch (code) {
      case 'pdf-encrypted':
        return FILE_MESSAGES.pdfEncrypted;
      case 'pdf-broken':
        return FILE_MESSAGES.pdfBroken;
      case 'pdf-pages':
        return FILE_MESSAGES.pdfTooManyPages(this.limits.maxPages);
      case 'pdf-no-text':
        return FILE_MESSAGES.pdfNoText;
      case 'pdf-bomb':
        return FILE_MESSAGES.pdfBomb;
      case 'docx-bomb':
        return FILE_MESSAGES.docxBomb;
      case 'docx-broken':
        return FILE_MESSAGES.docxBroken;
      case 'doc-broken':
        return FILE_MESSAGES.docBroken;
      case 'binary':
        return FILE_MESSAGES.binaryText;
      default:
        return FILE_MESSAGES.emptyText;
    }
  }

  parse(file: string, kind: TenderFileKind): Promise<ParsedFile> {
    return this.sem.run(() => this.runChild(file, kind));
  }

  /** Stops every running parse (server shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.sandboxes.values()].map((s) => s.close()));
  }

  private sandboxOf(kind: TenderFileKind): ChildSandbox {
    let s = this.sandboxes.get(kind);
    if (!s) {
      s = new ChildSandbox({
        entry: ENTRY,
        preload: PRELOAD[kind] ?? [],
        heapMb: this.heapMb,
        rssMb: this.rssMb,
        timeoutMs: this.timeoutMs,
        parallel: this.parallel,
      });
      this.sandboxes.set(kind, s);
    }
    return s;
  }

  private async runChild(file: string, kind: TenderFileKind): Promise<ParsedFile> {
    try {
      return await this.sandboxOf(kind).run<ParsedFile>({ file, kind, limits: this.limits });
    } catch (e) {
      if (e instanceof SandboxKilled) {
        if (e.reason === 'timeout') throw new FileParseError('timeout', FILE_MESSAGES.timeout);
        if (e.reason === 'memory') throw new FileParseError('memory', FILE_MESSAGES.memory);
        throw new FileParseError('internal', unreadableOf(kind));
      }
      if (e instanceof SandboxTaskError && e.code !== 'internal') {
        const code = e.code as ParseFailureCode;
        return Promise.reject(new FileParseError(code, this.messageOf(code)));
      }
      throw new FileParseError('internal', unreadableOf(kind));
    }
  }
}

function unreadableOf(kind: TenderFileKind): string {
  if (kind === 'pdf') return FILE_MESSAGES.pdfBroken;
  if (kind === 'docx') return FILE_MESSAGES.docxBroken;
  if (kind === 'doc') return FILE_MESSAGES.docBroken;
  return FILE_MESSAGES.binaryText;
}
