import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * PDF from a written .docx through LibreOffice (soffice --headless) in a child process: most 电子招投标
 * platforms take PDF. Each conversion gets its own profile directory, so that two at once do not
 * share (and lock) one LibreOffice user installation.
 */

const SOFFICE = process.env.SOFFICE_PATH || 'soffice';
const TIMEOUT_MS = 180_000;

let available: Promise<boolean> | null = null;

/** Whether soffice runs here (asked once per process). */
export function pdfAvailable(): Promise<boolean> {
  available ??= new Promise((resolve) =>
    execFile(SOFFICE, ['--version'], { timeout: 30_000 }, (err) => resolve(!err)),
  );
  return available;
}

export async function docxToPdf(docx: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bid-pdf-'));
  try {
    const input = path.join(dir, 'volume.docx');
    await fs.writeFile(input, docx);
    await new Promise<void>((resolve, reject) =>
      execFile(
        SOFFICE,
        [
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          dir,
          input,
        ],
        { timeout: TIMEOUT_MS, maxBuffer: 1 << 20 },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    // soffice exits 0 on some failures without writing the file: reading it is the real check.
    return await fs.readFile(path.join(dir, 'volume.pdf'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
