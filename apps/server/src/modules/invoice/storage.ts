import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Code, INVOICE_LIMITS, INVOICE_MSG } from '@bid/shared';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';

export interface StoredPdf {
  /** Relative to DATA_DIR. */
  path: string;
  size: number;
  sha256: string;
}

/** A PDF starts with its header; producers may put a little junk first, which readers accept. */
export function isPdf(buf: Buffer): boolean {
  return buf.length > 8 && buf.subarray(0, 1024).toString('latin1').includes('%PDF-');
}

/**
 * Issued invoice PDFs, under DATA_DIR/uploads/invoices/<month>/ next to the tender uploads of the
 * file module (same data directory, same backup); written to a temporary name first so a crash
 * leaves no half file behind a live path.
 */
export class InvoiceFiles {
  constructor(private readonly dataDir: string) {}

  async save(id: string, content: Buffer): Promise<StoredPdf> {
    if (content.length === 0) throw badRequest(INVOICE_MSG.pdfMissing);
    if (content.length > INVOICE_LIMITS.pdfBytes)
      throw new AppError(Code.PAYLOAD_TOO_LARGE, INVOICE_MSG.pdfTooLarge);
    if (!isPdf(content)) throw badRequest(INVOICE_MSG.pdfInvalid);
    const month = new Date().toISOString().slice(0, 7);
    // Each upload its own name: two operators issuing at once never overwrite the winner's file.
    const rel = path.join('uploads', 'invoices', month, `${id}-${newId()}.pdf`);
    const abs = path.join(this.dataDir, rel);
    await fsp.mkdir(path.dirname(abs), { recursive: true });
    const tmp = `${abs}.tmp`;
    await fsp.writeFile(tmp, content);
    await fsp.rename(tmp, abs);
    return { path: rel, size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  async read(rel: string): Promise<Buffer> {
    try {
      return await fsp.readFile(path.join(this.dataDir, rel));
    } catch {
      throw notFound(INVOICE_MSG.fileMissing);
    }
  }

  async remove(rel: string): Promise<void> {
    await fsp.rm(path.join(this.dataDir, rel), { force: true });
  }
}
