import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import {
  Code,
  FILE_LIMITS,
  FILE_MESSAGES,
  KNOWLEDGE_MSG,
  type TenderFileKind,
  type UploadedFile,
  type UploadProgress,
} from '@bid/shared';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { FileParseError, ParseRunner } from '../../files/parse.ts';
import type { OcrPageBoxes } from '../../files/parse-core.ts';
import { sniffKind } from '../../files/sniff.ts';
import { SandboxKilled, SandboxTaskError } from '../../lib/child-sandbox.ts';
import { dimensionsOf, sniffType } from '../picture/image-types.ts';
import { RASTER_CAPS } from '../picture/raster.ts';
import { FileRepo } from './repo.ts';
import type { Actor, ActorScope } from '../../policy/actor.ts';
import { StorageNotFound, type Storage } from '../../storage/storage.ts';
import { errorText, errorStatus } from '../../lib/unknown.ts';

const EXT: Record<TenderFileKind, string> = { pdf: 'pdf', docx: 'docx', doc: 'doc', txt: 'txt' };

export class UploadTooLarge extends Error {}

/** The storage key of a `files.storage_path` (relative to DATA_DIR, POSIX separators). */
export function storedKey(storagePath: string): string {
  return storagePath.split(path.sep).join('/');
}

/**
 * Tender uploads: streamed to disk with a size limit and a hash, typed by magic bytes, parsed in a
 * worker thread (from a temporary file under DATA_DIR/uploads/tmp), then kept in the storage under
 * uploads/<month>/ (DATA_DIR or the bucket) with the extracted text in the `files` table.
 */
export class FileService {
  readonly repo: FileRepo;
  /** OCR progress of uploads being read, by the owner's user id and the client's token. */
  private readonly progress = new Map<string, UploadProgress>();

  constructor(
    repo: FileRepo,
    private readonly dataDir: string,
    private readonly storage: Storage,
    private readonly uploadLimit: number,
    readonly parser: ParseRunner = new ParseRunner(),
  ) {
    this.repo = repo;
  }

  get limitMb(): number {
    return Math.max(1, Math.round(this.uploadLimit / 1024 / 1024));
  }

  private tmpDir(): string {
    return path.join(this.dataDir, 'uploads', 'tmp');
  }

  /** Removes temporary uploads left by a crash. */
  async cleanTmp(): Promise<void> {
    const dir = this.tmpDir();
    const entries = await fsp.readdir(dir).catch((): string[] => []);
    const cutoff = Date.now() - 3600_000;
    for (const e of entries) {
      const p = path.join(dir, e);
      const st = await fsp.stat(p).catch(() => null);
      if (st && st.mtimeMs < cutoff) await fsp.rm(p, { force: true });
    }
  }

  async upload(
    owner: Actor,
    fileName: string,
    stream: Readable & { truncated?: boolean },
    signal?: AbortSignal,
    token?: string,
  ): Promise<UploadedFile> {
    const key = token ? `${owner.userId}:${token}` : null;
    try {
      return await this.store(owner, fileName, stream, signal, key);
    } finally {
      if (key) this.progress.delete(key);
    }
  }

  /** Where OCR of the caller's upload `token` stands; null before OCR starts or when none runs. */
  progressOf(owner: ActorScope, token: string): UploadProgress {
    return this.progress.get(`${owner.userId}:${token}`) ?? null;
  }

  /** Streams an upload to a temporary file within the upload limit, hashing it on the way. */
  private async receive(stream: Readable & { truncated?: boolean }) {
    await fsp.mkdir(this.tmpDir(), { recursive: true });
    const id = newId();
    const tmp = path.join(this.tmpDir(), id);
    const hash = createHash('sha256');
    let size = 0;
    const limit = this.uploadLimit;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > limit) return cb(new UploadTooLarge());
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, fs.createWriteStream(tmp));
      if (stream.truncated) throw new UploadTooLarge();
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      if (
        e instanceof UploadTooLarge ||
        errorText(e, 'code') === 'FST_REQ_FILE_TOO_LARGE' ||
        errorStatus(e) === 413
      ) {
        throw new AppError(Code.PAYLOAD_TOO_LARGE, FILE_MESSAGES.tooLarge(this.limitMb));
      }
      throw e;
    }
    return { id, tmp, size, hash };
  }

  private async headOf(tmp: string, size: number, max = 8192): Promise<Buffer> {
    const head = Buffer.alloc(Math.min(size, max));
    const fh = await fsp.open(tmp, 'r');
    try {
      await fh.read(head, 0, head.length, 0);
    } finally {
      await fh.close();
    }
    return head;
  }

  /**
   * The text OCR reads on a scan (a PNG/JPEG image or the first page of a PDF), e.g. a 资质证书 for
   * the company library. The file is not kept.
   */
  async readScan(
    owner: Actor,
    stream: Readable & { truncated?: boolean },
    signal?: AbortSignal,
  ): Promise<string> {
    const { tmp, size } = await this.receive(stream);
    try {
      // A photo's EXIF block may come before the JPEG frame that gives its size.
      const head = await this.headOf(tmp, size, 256 * 1024);
      const type = sniffType(head);
      const isPdf = head.subarray(0, 1024).includes('%PDF-');
      if (type !== 'png' && type !== 'jpeg' && !isPdf) throw badRequest(KNOWLEDGE_MSG.certificateType);
      if (type) {
        const dim = dimensionsOf(type, head);
        if (!dim || dim.width * dim.height > RASTER_CAPS.maxUploadPixels)
          throw badRequest(KNOWLEDGE_MSG.certificateTooBig);
      }
      let page;
      try {
        page = await this.parser.ocrScan(tmp, type ? 'image' : 'pdf', { actor: owner, signal });
      } catch (e) {
        if (signal?.aborted) throw badRequest(FILE_MESSAGES.cancelled);
        if (e instanceof SandboxTaskError || e instanceof SandboxKilled)
          throw badRequest(KNOWLEDGE_MSG.certificateUnread);
        throw e;
      }
      if (!page.text.trim()) throw badRequest(KNOWLEDGE_MSG.certificateUnread);
      return page.text;
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  private async store(
    owner: Actor,
    fileName: string,
    stream: Readable & { truncated?: boolean },
    signal: AbortSignal | undefined,
    key: string | null,
  ): Promise<UploadedFile> {
    const name = (path.basename(fileName || '招标文件').replace(/\p{Cc}/gu, '') || '招标文件').slice(0, 200);
    const { id, tmp, size, hash } = await this.receive(stream);
    try {
      if (size === 0) throw badRequest(FILE_MESSAGES.emptyText);
      const head = await this.headOf(tmp, size);
      const sniffed = sniffKind(head, name);
      if (sniffed === 'binary') throw badRequest(FILE_MESSAGES.binaryText);
      if (sniffed === null || sniffed === 'zip' || sniffed === 'ole')
        throw badRequest(FILE_MESSAGES.unsupported);
      const kind = sniffed;
      let parsed;
      try {
        parsed = await this.parser.parse(tmp, kind, {
          actor: owner,
          signal,
          onOcr: key
            ? (p) =>
                this.progress.set(key, {
                  ocrPages: p.pages,
                  ocrReasons: p.reasons,
                  done: p.done,
                  total: p.total,
                })
            : undefined,
        });
      } catch (e) {
        if (e instanceof FileParseError) throw badRequest(e.message);
        if (signal?.aborted) throw badRequest(FILE_MESSAGES.cancelled);
        throw e;
      }
      const month = nowIso().slice(0, 7);
      const rel = `uploads/${month}/${id}.${EXT[kind]}`;
      await this.storage.putFile(rel, tmp);
      // The boxes of the lines OCR read, beside the file, to show a passage on its page image.
      if (parsed.ocrBoxes?.length)
        await this.storage.put(`${rel}.ocr.json`, Buffer.from(JSON.stringify(parsed.ocrBoxes)));
      const row = {
        id,
        user_id: owner.userId,
        tenant_id: owner.tenantId,
        name,
        kind,
        size,
        sha256: hash.digest('hex'),
        storage_path: rel,
        pages: parsed.pages,
        chars: parsed.text.length,
        text: parsed.text,
        headings: parsed.headings.length ? JSON.stringify(parsed.headings) : null,
        created_at: nowIso(),
      };
      await this.repo.insert(row);
      return {
        fileId: id,
        name,
        kind,
        size,
        pages: parsed.pages,
        chars: parsed.text.length,
        preview: parsed.text.slice(0, FILE_LIMITS.previewChars),
        headings: parsed.headings.slice(0, 200),
        ...(parsed.ocrPages?.length ? { ocrPages: parsed.ocrPages, ocrReasons: parsed.ocrReasons } : {}),
      };
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  /** The line boxes of the caller's file's pages read by OCR ([] when none were). */
  async ocrBoxesOf(owner: ActorScope, id: string): Promise<OcrPageBoxes[]> {
    const row = await this.repo.findOwned(owner, id);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    const text = await this.storage
      .read(`${storedKey(row.storage_path)}.ocr.json`)
      .then((b) => b.toString('utf8'))
      .catch((e: unknown) => {
        if (e instanceof StorageNotFound) return null;
        throw e;
      });
    return text ? (JSON.parse(text) as OcrPageBoxes[]) : [];
  }

  /** A page the caller's file had read by OCR, as the JPEG its boxes are on (404 for any other page). */
  async pageImage(owner: Actor, id: string, page: number): Promise<Buffer> {
    const row = await this.repo.findOwned(owner, id);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    const boxes = (await this.ocrBoxesOf(owner, id)).find((b) => b.page === page);
    if (!boxes) throw notFound(FILE_MESSAGES.notFound);
    return this.storage.withLocalFile(storedKey(row.storage_path), (file) =>
      this.parser.pageImage(file, page, boxes.skew, { actor: owner }),
    );
  }

  /** The text of the caller's file (404 for a foreign or missing id). */
  async textOf(owner: ActorScope, id: string): Promise<{ name: string; text: string }> {
    const row = await this.repo.findOwned(owner, id);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    return { name: row.name, text: row.text };
  }

  async detail(owner: Actor, id: string): Promise<UploadedFile> {
    const row = await this.repo.findOwned(owner, id);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    const { id: fileId, name, size, pages, chars } = row;
    return {
      fileId,
      name,
      kind: row.kind,
      size,
      pages,
      chars,
      preview: row.text.slice(0, FILE_LIMITS.previewChars),
      headings: row.headings ? (JSON.parse(row.headings) as UploadedFile['headings']) : [],
    };
  }
}
