import { describe, expect, it } from 'vitest';
import type { OcrPageReason } from '@bid/shared';
import { ocrDoneNote, ocrPagesWhy, ocrStatus } from './upload.ts';

const reasons = (scanned: number[], garbled: number[]): OcrPageReason[] =>
  [
    ...scanned.map((page) => ({ page, reason: 'scanned' as const })),
    ...garbled.map((page) => ({ page, reason: 'garbled' as const })),
  ].sort((a, b) => a.page - b.page);

describe('the OCR status of an upload', () => {
  it('keeps the scans’ wording for scanned pages', () => {
    const pages = [3, 4, 5, 6, 22];
    expect(ocrStatus({ ocrPages: pages, ocrReasons: reasons(pages, []), done: 4, total: 5 })).toBe(
      '第 3–6、22 页为扫描件，正在识别文字（4/5）',
    );
  });

  it('says a page whose text layer is garbled is one, not a scan', () => {
    expect(ocrStatus({ ocrPages: [3, 5], ocrReasons: reasons([], [3, 5]), done: 0, total: 2 })).toBe(
      '第 3、5 页文字层无法识别（乱码），正在识别文字（0/2）',
    );
    expect(ocrDoneNote({ ocrPages: [3, 5], ocrReasons: reasons([], [3, 5]) })).toBe(
      '第 3、5 页文字层无法识别（乱码），已用 OCR 识别',
    );
  });

  it('names both groups of a file with scanned and garbled pages', () => {
    const p = { ocrPages: [1, 2, 3, 5], ocrReasons: reasons([1, 2], [3, 5]) };
    expect(ocrStatus({ ...p, done: 1, total: 4 })).toBe(
      '第 1–2 页为扫描件，第 3、5 页文字层无法识别（乱码），正在识别文字（1/4）',
    );
    expect(ocrDoneNote(p)).toBe('第 1–2 页为扫描件，第 3、5 页文字层无法识别（乱码），已用 OCR 识别');
  });

  it('says nothing when no page is read by OCR, and counts a page without a reason as a scan', () => {
    expect(ocrStatus(null)).toBeNull();
    expect(ocrDoneNote({})).toBeNull();
    expect(ocrDoneNote({ ocrPages: [] })).toBeNull();
    expect(ocrPagesWhy([2, 7], [{ page: 7, reason: 'garbled' }])).toBe(
      '第 2 页为扫描件，第 7 页文字层无法识别（乱码）',
    );
  });
});
