import iconv from 'iconv-lite';
import type { TenderFileKind } from '@bid/shared';

/**
 * File types by content (magic bytes), never by name alone: a renamed binary must not reach a
 * parser that trusts it.
 */
export function sniffKind(head: Buffer, fileName: string): TenderFileKind | 'zip' | 'ole' | 'binary' | null {
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // Some producers put a few bytes of junk before the header; pdf.js accepts the header in the first 1 KB.
  if (head.subarray(0, 1024).toString('latin1').includes('%PDF-')) return 'pdf';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    return /\.docx$/i.test(fileName) || !/\.(zip|xlsx|pptx)$/i.test(fileName) ? 'docx' : 'zip';
  }
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  )
    return 'doc';
  if (looksBinary(head)) return 'binary';
  return 'txt';
}

/** NUL bytes or many control characters: not a text file. */
export function looksBinary(buf: Buffer): boolean {
  const n = Math.min(buf.length, 8192);
  if (!n) return false;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = buf[i];
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control += 1;
  }
  return control / n > 0.05;
}

/**
 * Text of a TXT upload: UTF-8 (with or without BOM) when it decodes cleanly, else GBK/GB18030
 * when that decodes without replacement characters; null when it is neither.
 */
export function decodeText(buf: Buffer): { text: string; encoding: 'utf-8' | 'utf-16' | 'gb18030' } | null {
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) {
    const le = buf[0] === 0xff;
    const text = le
      ? buf.subarray(2).toString('utf16le')
      : Buffer.from(buf.subarray(2)).swap16().toString('utf16le');
    return { text, encoding: 'utf-16' };
  }
  if (looksBinary(buf)) return null;
  const body =
    buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    /* not UTF-8 */
  }
  const text = iconv.decode(body, 'gb18030');
  if (text.includes('\ufffd')) return null;
  return { text, encoding: 'gb18030' };
}
