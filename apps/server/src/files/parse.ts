import { Worker } from 'node:worker_threads';
import { FILE_LIMITS, FILE_MESSAGES, type TenderFileKind } from '@bid/shared';
import { Semaphore } from '../ai/semaphore.ts';
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
  heapMb?: number;
  /** Files parsed at the same time (each in its own worker). */
  parallel?: number;
  limits?: Partial<ParseLimits>;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./parse-worker.ts', import.meta.url).href;

/**
 * Runs each parse in a fresh worker thread with a heap limit and a time limit; the worker is
 * terminated on timeout. At most `parallel` parses run at once, so uploads cannot exhaust the
 * machine; the event loop of the server is never blocked by a parser.
 */
export class ParseRunner {
  private readonly sem: Semaphore;
  private readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly limits: ParseLimits;

  constructor(opts: ParseRunnerOptions = {}) {
    this.sem = new Semaphore(opts.parallel ?? 2);
    this.timeoutMs = opts.timeoutMs ?? FILE_LIMITS.parseTimeoutMs;
    this.heapMb = opts.heapMb ?? FILE_LIMITS.parseHeapMb;
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
    return this.sem.run(() => this.runWorker(file, kind));
  }

  private runWorker(file: string, kind: TenderFileKind): Promise<ParsedFile> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(BOOT, {
        workerData: { __entry: ENTRY, file, kind, limits: this.limits },
        // The parent's --import tsx would load the loader a second time; the bootstrap does it.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
        stdout: true,
        stderr: true,
      });
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(() => settle(() => reject(new FileParseError('timeout', FILE_MESSAGES.timeout))), this.timeoutMs);
      worker.on('message', (m: { ok: true; result: ParsedFile } | { ok: false; code: ParseFailureCode | 'internal' }) => {
        if (m.ok) settle(() => resolve(m.result));
        else settle(() => reject(new FileParseError(m.code, m.code === 'internal' ? unreadableOf(kind) : this.messageOf(m.code))));
      });
      worker.on('error', (err: Error & { code?: string }) => {
        const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory/i.test(err.message);
        settle(() => reject(new FileParseError(oom ? 'memory' : 'internal', oom ? FILE_MESSAGES.memory : unreadableOf(kind))));
      });
      worker.on('exit', (code) => settle(() => reject(new FileParseError('internal', code ? unreadableOf(kind) : unreadableOf(kind)))));
      // Parser chatter (pdf.js warnings) must not reach the server's stdout.
      worker.stdout?.resume();
      worker.stderr?.resume();
    });
  }
}

function unreadableOf(kind: TenderFileKind): string {
  if (kind === 'pdf') return FILE_MESSAGES.pdfBroken;
  if (kind === 'docx') return FILE_MESSAGES.docxBroken;
  if (kind === 'doc') return FILE_MESSAGES.docBroken;
  return FILE_MESSAGES.binaryText;
}
