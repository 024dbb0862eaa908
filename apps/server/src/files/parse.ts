import { FILE_LIMITS, FILE_MESSAGES, type OcrPageReason, type TenderFileKind } from '@bid/shared';
import { FairGate } from '../ai/fair-use.ts';
import { ChildSandbox, SandboxKilled, SandboxTaskError } from '../lib/child-sandbox.ts';
import type { ActorScope } from '../policy/actor.ts';
import {
  normalizeText,
  type OcrPageBoxes,
  type ParseFailureCode,
  type ParseLimits,
  type ParsedFile,
} from './parse-core.ts';
import type { OcrPage } from './ocr/page.ts';

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
  /** Parses one user may have running at once (never every slot while there are two or more). */
  perUser?: number;
  /** The child's module (default parse-worker.ts; tests pass a stand-in). */
  entry?: URL;
  /** The OCR child's module (default ocr-worker.ts). */
  ocrEntry?: URL;
  limits?: Partial<ParseLimits>;
}

/** Where OCR of a file's pages stands: which pages are read by OCR, why, and how many are done. */
export interface OcrProgress {
  pages: number[];
  reasons: OcrPageReason[];
  done: number;
  total: number;
}

/** Who a parse is for and how it may be abandoned (the upload's connection closed). */
export interface ParseRequest {
  actor?: ActorScope;
  signal?: AbortSignal;
  /** Called when OCR starts and after each page it read. */
  onOcr?: (p: OcrProgress) => void;
}

const ENTRY = new URL('./parse-worker.ts', import.meta.url);
const OCR_ENTRY = new URL('./ocr-worker.ts', import.meta.url);

/**
 * Loaded into every parse child before the TypeScript loader, so that a child is ready for any
 * kind: pdf.js set up once, for text only (pdf-text-runtime.mjs), mammoth and the zip reader for
 * DOCX, the GBK decoder. word-extractor (old .doc, rare) loads on first use and then stays.
 */
const PRELOAD = [new URL('./pdf-text-runtime.mjs', import.meta.url).href, 'mammoth', 'yauzl', 'iconv-lite'];

/** System work (no user) shares one place in the queue. */
const SYSTEM: ActorScope = { userId: '-system-', tenantId: '-system-' };

/**
 * Parses uploads in child processes (lib/child-sandbox.ts) with a heap limit, an RSS watchdog and a
 * time limit: a hostile file costs that child, which is killed and whose memory the operating system
 * takes back, never the server. The children are a warm pool: started once with their parsers
 * loaded and reused for the next file (a child that failed, was killed, grew past half its heap
 * or served 200 files is replaced), since starting one cost more than reading a 23-page PDF.
 * At most `parallel` parses run at once, handed out fairly (ai/fair-use.ts FairGate): a user has
 * at most `perUser` running and never every slot, and a free slot goes to the waiting user with
 * the fewest running, then the one served longest ago, so one user's 30 uploads make another wait
 * for one parse at most.
 */
export class ParseRunner {
  private readonly gate: FairGate;
  private readonly sandbox: ChildSandbox;
  private readonly ocrSandbox: ChildSandbox;
  private readonly perUser: number;
  private readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly rssMb: number;
  private readonly parallel: number;
  private readonly limits: ParseLimits;

  constructor(opts: ParseRunnerOptions = {}) {
    this.parallel = opts.parallel ?? 2;
    this.perUser = opts.perUser ?? this.parallel;
    this.gate = new FairGate(this.parallel, this.perUser, Infinity);
    this.timeoutMs = opts.timeoutMs ?? FILE_LIMITS.parseTimeoutMs;
    this.heapMb = opts.heapMb ?? FILE_LIMITS.parseHeapMb;
    this.rssMb = opts.rssMb ?? this.heapMb + 256;
    this.sandbox = new ChildSandbox({
      entry: opts.entry ?? ENTRY,
      preload: PRELOAD,
      heapMb: this.heapMb,
      rssMb: this.rssMb,
      timeoutMs: this.timeoutMs,
      parallel: this.parallel,
      reuseBelowRssMb: Math.round(this.heapMb / 2),
      maxTasksPerChild: 200,
      idleMs: 10 * 60_000,
      keepWarm: this.parallel,
    });
    // OCR children: the same limits, one page per task, handed out by the same fair gate. Their
    // models take about 150 MB, so a child is kept unless it grew well past that.
    this.ocrSandbox = new ChildSandbox({
      entry: opts.ocrEntry ?? OCR_ENTRY,
      preload: [new URL('./pdf-runtime.mjs', import.meta.url).href, 'onnxruntime-node'],
      heapMb: this.heapMb,
      rssMb: this.rssMb,
      timeoutMs: this.timeoutMs,
      parallel: this.parallel,
      reuseBelowRssMb: Math.round(this.rssMb * 0.8),
      maxTasksPerChild: 500,
      idleMs: 5 * 60_000,
    });
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

  async parse(file: string, kind: TenderFileKind, req: ParseRequest = {}): Promise<ParsedFile> {
    const parsed = await this.gate.run(req.actor ?? SYSTEM, () => this.runChild(file, kind), req.signal);
    if (!parsed.ocr) return parsed;
    return this.recognise(file, parsed, parsed.ocr, req);
  }

  /**
   * Reads by OCR the pages whose text layer is missing or garbled, one page per task in the OCR
   * children, each page taking its turn at the fair gate (another user's upload waits for one
   * page at most), up to `perUser` pages at once. A page that cannot be read (time or memory limit)
   * keeps what its text layer had; cancelling stops the pages running and those not started.
   */
  private async recognise(
    file: string,
    parsed: ParsedFile,
    ocr: NonNullable<ParsedFile['ocr']>,
    req: ParseRequest,
  ): Promise<ParsedFile> {
    const pageTexts = [...ocr.pageTexts];
    const pages = ocr.pages.map((p) => p.page);
    // An empty or nearly empty page is a scan; a page with text no one can read has a garbled layer.
    const reasons: OcrPageReason[] = ocr.pages.map((p) => ({
      page: p.page,
      reason: p.verdict === 'garbled' ? 'garbled' : 'scanned',
    }));
    const read: number[] = [];
    const boxes: OcrPageBoxes[] = [];
    let done = 0;
    req.onOcr?.({ pages, reasons, done, total: pages.length });
    const queue = [...pages];
    const worker = async () => {
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
        const at = page;
        try {
          const r = await this.gate.run(
            req.actor ?? SYSTEM,
            () => this.ocrSandbox.run<OcrPage>({ file, page: at }, { signal: req.signal }),
            req.signal,
          );
          if (r.text.trim()) {
            pageTexts[at - 1] = r.text;
            read.push(at);
            boxes.push({
              page: at,
              skew: r.skew,
              width: r.width,
              height: r.height,
              lines: r.lines.map(({ text, x0, y0, x1, y1 }) => ({ text, x0, y0, x1, y1 })),
            });
          }
        } catch (e) {
          if (req.signal?.aborted || (e instanceof SandboxKilled && e.reason === 'cancelled')) throw e;
          // One unreadable page does not cost the rest of the file.
        }
        done += 1;
        req.onOcr?.({ pages, reasons, done, total: pages.length });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.perUser, pages.length)) }, worker));
    const text = normalizeText(pageTexts.join('\n\n'), this.limits.maxTextChars);
    if (!text.replace(/\s/g, '')) throw new FileParseError('pdf-no-text', FILE_MESSAGES.pdfNoText);
    read.sort((a, b) => a - b);
    return {
      text,
      pages: parsed.pages,
      headings: parsed.headings,
      ocrPages: read,
      ocrReasons: read.map((page) => reasons.find((r) => r.page === page)!),
      ocrBoxes: boxes.sort((a, b) => a.page - b.page),
    };
  }

  /**
   * Reads one scan by OCR: a PNG/JPEG image, or the first page of a PDF, in an OCR child with the
   * same caps and at the same fair gate as a tender's pages.
   */
  async ocrScan(file: string, kind: 'image' | 'pdf', req: ParseRequest = {}): Promise<OcrPage> {
    return this.gate.run(
      req.actor ?? SYSTEM,
      () => this.ocrSandbox.run<OcrPage>({ file, page: 1, image: kind === 'image' }, { signal: req.signal }),
      req.signal,
    );
  }

  /**
   * A page of a stored PDF as a JPEG of at most about 150 dpi, drawn the way OCR saw it (turned
   * back by `skew` degrees), in an OCR child: pdf.js does not run in the server process.
   */
  async pageImage(file: string, page: number, skew: number, req: ParseRequest = {}): Promise<Buffer> {
    const r = await this.gate.run(
      req.actor ?? SYSTEM,
      () =>
        this.ocrSandbox.run<{ jpeg: string }>({ file, page, picture: true, skew }, { signal: req.signal }),
      req.signal,
    );
    return Buffer.from(r.jpeg, 'base64');
  }

  /** Parses waiting for a slot (all users). */
  get queued(): number {
    return this.gate.queued;
  }

  /** Starts a parse child ahead of the first upload (server start). */
  warm(): void {
    this.sandbox.warm();
  }

  /** Stops every running parse (server shutdown). */
  async close(): Promise<void> {
    await Promise.all([this.sandbox.close(), this.ocrSandbox.close()]);
  }

  private async runChild(file: string, kind: TenderFileKind): Promise<ParsedFile> {
    try {
      return await this.sandbox.run<ParsedFile>({ file, kind, limits: this.limits });
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
