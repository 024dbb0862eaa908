import { createHash } from 'node:crypto';
import { Code, INVOICE_LIMITS, INVOICE_MSG } from '@bid/shared';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { checkKey, StorageNotFound, type Storage } from '../../storage/storage.ts';

export interface StoredPdf {
  /** The storage key (relative to DATA_DIR when stored locally). */
  path: string;
  size: number;
  sha256: string;
}

/** A PDF starts with its header; producers may put a little junk first, which readers accept. */
export function isPdf(buf: Buffer): boolean {
  return buf.length > 8 && buf.subarray(0, 1024).toString('latin1').includes('%PDF-');
}

/**
 * Issued invoice PDFs, under uploads/invoices/<month>/ in the storage next to the tender uploads of
 * the file module (same data directory or bucket, same backup); a reader never sees half a file.
 */
export class InvoiceFiles {
  constructor(private readonly storage: Storage) {}

  async save(id: string, content: Buffer): Promise<StoredPdf> {
    if (content.length === 0) throw badRequest(INVOICE_MSG.pdfMissing);
    if (content.length > INVOICE_LIMITS.pdfBytes)
      throw new AppError(Code.PAYLOAD_TOO_LARGE, INVOICE_MSG.pdfTooLarge);
    if (!isPdf(content)) throw badRequest(INVOICE_MSG.pdfInvalid);
    const month = new Date().toISOString().slice(0, 7);
    // Each upload its own name: two operators issuing at once never overwrite the winner's file.
    const rel = `uploads/invoices/${month}/${id}-${newId()}.pdf`;
    await this.storage.put(rel, content, 'application/pdf');
    return { path: rel, size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  async read(rel: string): Promise<Buffer> {
    try {
      return await this.storage.read(checkKey(rel));
    } catch (e) {
      if (e instanceof StorageNotFound) throw notFound(INVOICE_MSG.fileMissing);
      throw e;
    }
  }

  async remove(rel: string): Promise<void> {
    await this.storage.remove(checkKey(rel));
  }
}
