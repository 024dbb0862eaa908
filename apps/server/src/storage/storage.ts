import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Thrown for a key that holds no object; callers turn it into their own 404. */
export class StorageNotFound extends Error {
  constructor(key: string) {
    super(`no stored object at ${key}`);
  }
}

/**
 * Where the files users send and the server makes are kept (tender uploads and their OCR boxes,
 * pictures, exports, invoices), by key: a relative POSIX path such as `uploads/2026-11/<id>.pdf`,
 * the same key on every backend, so a DATA_DIR moves into a bucket unchanged. Bodies travel as
 * streams both ways; nothing holds a whole large file in memory unless the caller asks for `read`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes an object (a buffer, or a stream read once to its end); a reader never sees half of it. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  /** Stores a local file under `key`; the file may be moved away (the caller removes what is left). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The object as a stream; StorageNotFound when there is none. */
  get(key: string): Promise<Readable>;
  /** The whole object; for small ones (pictures for export, OCR boxes, invoices). */
  read(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Runs `work` with a local path holding the object (for the parsers that read files by path):
   * the file itself on disk, a temporary copy otherwise, removed afterwards.
   */
  withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T>;
  /** Throws when the backend cannot be reached (readiness). */
  check(): Promise<void>;
}

/** The error code of a failed file system call (ENOENT, EXDEV…). */
export function errnoOf(e: unknown): string | undefined {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses anything but a plain relative path: no `..`, no absolute path, no backslash. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * A key from a path stored by older versions: exports kept the absolute path of the file under
 * DATA_DIR, the other tables a path relative to it.
 */
export function keyOfStoredPath(dataDir: string, stored: string): string {
  const rel = path.isAbsolute(stored) ? path.relative(dataDir, stored) : stored;
  return checkKey(rel.split(path.sep).join('/'));
}

/** The embedded default: files under DATA_DIR, written to a temporary name and renamed into place. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  pathOf(key: string): string {
    const full = path.resolve(this.root, checkKey(key));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return full;
  }

  private async tmpFor(key: string): Promise<{ full: string; tmp: string }> {
    const full = this.pathOf(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    return { full, tmp: `${full}.${randomBytes(4).toString('hex')}.tmp` };
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const { full, tmp } = await this.tmpFor(key);
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fsp.rename(tmp, full);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
  }

  async putFile(key: string, file: string): Promise<void> {
    const { full, tmp } = await this.tmpFor(key);
    try {
      await fsp.rename(file, full);
    } catch (e) {
      if (errnoOf(e) !== 'EXDEV') throw e;
      // Another file system: copy beside the target, then rename into place.
      await fsp.copyFile(file, tmp);
      await fsp.rename(tmp, full);
    }
  }

  async get(key: string): Promise<Readable> {
    const full = this.pathOf(key);
    let fh: fsp.FileHandle;
    try {
      fh = await fsp.open(full, 'r');
    } catch (e) {
      if (errnoOf(e) === 'ENOENT') throw new StorageNotFound(key);
      throw e;
    }
    return fh.createReadStream();
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (e) {
      if (errnoOf(e) === 'ENOENT') throw new StorageNotFound(key);
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    return fsp.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T> {
    const full = this.pathOf(key);
    if (!(await this.exists(key))) throw new StorageNotFound(key);
    return work(full);
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }
}

/** Copies a stored object to a temporary local file for `work`, removed afterwards. */
export async function withTempCopy<T>(
  storage: Storage,
  key: string,
  tmpDir: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  await fsp.mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `${randomBytes(8).toString('hex')}${path.extname(key)}`);
  try {
    await pipeline(await storage.get(key), fs.createWriteStream(file));
    return await work(file);
  } finally {
    await fsp.rm(file, { force: true });
  }
}
