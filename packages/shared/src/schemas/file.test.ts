import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, uploadedFileSchema, uploadProgressResultSchema } from './file.ts';

describe('why pages were read by OCR', () => {
  const file = {
    fileId: 'f1',
    name: '招标文件.pdf',
    kind: 'pdf',
    size: 10,
    pages: 5,
    chars: 100,
    preview: '',
    headings: [],
    ocrPages: [1, 3],
  };

  it('carries a reason per page in the upload answer and its progress', () => {
    const reasons = [
      { page: 1, reason: 'scanned' },
      { page: 3, reason: 'garbled' },
    ];
    expect(uploadedFileSchema.parse({ ...file, ocrReasons: reasons }).ocrReasons).toEqual(reasons);
    expect(
      uploadProgressResultSchema.parse({ ocrPages: [1, 3], ocrReasons: reasons, done: 1, total: 2 }),
    ).toEqual({ ocrPages: [1, 3], ocrReasons: reasons, done: 1, total: 2 });
  });

  it('knows only scans and garbled text layers, and progress always says which', () => {
    const odd = { ...file, ocrReasons: [{ page: 1, reason: 'blurry' }] };
    expect(uploadedFileSchema.safeParse(odd).success).toBe(false);
    expect(uploadProgressResultSchema.safeParse({ ocrPages: [1], done: 0, total: 1 }).success).toBe(false);
  });

  it('words each reason for the writer', () => {
    expect(FILE_MESSAGES.ocrPagesWhy.scanned('3–19')).toBe('第 3–19 页为扫描件');
    expect(FILE_MESSAGES.ocrPagesWhy.garbled('3、5')).toBe('第 3、5 页文字层无法识别（乱码）');
    expect(FILE_MESSAGES.ocrRunning('第 3–19 页为扫描件', 5, 17)).toBe(
      '第 3–19 页为扫描件，正在识别文字（5/17）',
    );
    expect(FILE_MESSAGES.ocrDone('第 3、5 页文字层无法识别（乱码）')).toBe(
      '第 3、5 页文字层无法识别（乱码），已用 OCR 识别',
    );
  });
});
