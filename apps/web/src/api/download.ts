/**
 * The file name of a download from `Content-Disposition` (API.md: `filename*=UTF-8''<name>.docx`);
 * the RFC 5987 form wins over the plain `filename=` form. Null when the header names no file.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const charset = extended[1].trim().toLowerCase();
    const encoded = extended[2].trim().replace(/^"(.*)"$/, '$1');
    try {
      if (!charset || charset === 'utf-8') return sanitize(decodeURIComponent(encoded));
      // Non UTF-8 charsets (ISO-8859-1): percent-decode byte by byte.
      return sanitize(
        encoded.replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      );
    } catch {
      return sanitize(encoded);
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (plain) {
    const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
    try {
      return sanitize(decodeURIComponent(value));
    } catch {
      return sanitize(value);
    }
  }
  return null;
}

/** Never let a header put a path into a saved file's name. */
function sanitize(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base ? base : null;
}

/** Hands a downloaded blob to the browser as a file save. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the save in some browsers; a tick later is enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Blob text; FileReader where Blob#text is missing (older WebViews, jsdom). */
export function blobToText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
