import {
  endpoints,
  FILE_MESSAGES,
  OCR_REASONS,
  type OcrPageReason,
  type UploadedFile,
  type UploadProgress,
} from '@bid/shared';
import { api } from '../../api/request.ts';

/**
 * The one upload of a tender, a knowledge-base document or a file to compare (查重): the server
 * parses it, and reads a scan's pages by OCR. The upload is named by a token sent before the file,
 * so that while the server reads it the OCR progress is asked every second and shown.
 */
export interface UploadFileOptions {
  /** Bytes sent, 0–100. */
  onPercent?: (percent: number) => void;
  /** OCR progress of a scan's pages (null while none runs). */
  onOcr?: (p: UploadProgress) => void;
  /** The caller shows a failure itself (else the request layer does). */
  silent?: boolean;
}

const POLL_MS = 1_000;

export async function uploadFile(file: File, cb: UploadFileOptions = {}): Promise<UploadedFile> {
  const form = new FormData();
  const token = cb.onOcr ? Math.random().toString(36).slice(2) + Date.now().toString(36) : null;
  if (token) form.append('progress', token);
  form.append('file', file, file.name);
  let sent = false;
  const poll =
    token && cb.onOcr
      ? window.setInterval(() => {
          if (!sent) return;
          api.call(endpoints.uploadProgress, { token }, { noDuplicateGuard: true }).then(
            (p) => cb.onOcr?.(p),
            () => {},
          );
        }, POLL_MS)
      : null;
  try {
    return await api.upload(endpoints.uploadTender, form, {
      silent: cb.silent,
      onProgress: (p) => {
        sent = p >= 100;
        cb.onPercent?.(p);
      },
    });
  } finally {
    if (poll !== null) window.clearInterval(poll);
    cb.onOcr?.(null);
  }
}

/** Page numbers as a reader writes them: 「3–19、22」. */
export function pageRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length;) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    parts.push(j > i ? `${pages[i]}–${pages[j]}` : String(pages[i]));
    i = j + 1;
  }
  return parts.join('、');
}

/**
 * Which pages OCR reads and why: 「第 1–2 页为扫描件，第 3、5 页文字层无法识别（乱码）」. A page
 * without a reason (an answer from before reasons were sent) counts as a scan.
 */
export function ocrPagesWhy(pages: number[], reasons: OcrPageReason[] = []): string {
  const why = new Map(reasons.map((r) => [r.page, r.reason]));
  return OCR_REASONS.flatMap((reason) => {
    const group = pages.filter((n) => (why.get(n) ?? 'scanned') === reason);
    return group.length ? [FILE_MESSAGES.ocrPagesWhy[reason](pageRanges(group))] : [];
  }).join('，');
}

/** 「第 3–19 页为扫描件，正在识别文字（4/17）」, or null while no page is being read. */
export function ocrStatus(p: UploadProgress): string | null {
  return p ? FILE_MESSAGES.ocrRunning(ocrPagesWhy(p.ocrPages, p.ocrReasons), p.done, p.total) : null;
}

/** 「第 3、5 页文字层无法识别（乱码），已用 OCR 识别」 for an uploaded file, or null when OCR read none. */
export function ocrDoneNote(f: Pick<UploadedFile, 'ocrPages' | 'ocrReasons'>): string | null {
  return f.ocrPages?.length ? FILE_MESSAGES.ocrDone(ocrPagesWhy(f.ocrPages, f.ocrReasons)) : null;
}
