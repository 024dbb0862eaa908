import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it("reads RFC 5987 filename*=UTF-8'' names", () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E6%A0%87%E4%B9%A6%20A.docx")).toBe(
      '标书 A.docx',
    );
    expect(fileNameFromDisposition("attachment; filename*=utf-8'zh'%E6%A0%87.docx")).toBe('标.docx');
  });

  it('prefers filename* over filename', () => {
    expect(
      fileNameFromDisposition('attachment; filename="fallback.docx"; filename*=UTF-8\'\'%E6%96%B0.docx'),
    ).toBe('新.docx');
  });

  it('reads quoted and bare filename=', () => {
    expect(fileNameFromDisposition('attachment; filename="report \\"v2\\".docx"')).toBe('report "v2".docx');
    expect(fileNameFromDisposition('attachment; filename=plain.docx')).toBe('plain.docx');
    expect(fileNameFromDisposition('attachment; filename=%E8%A7%A3%E8%AF%BB.docx')).toBe('解读.docx');
  });

  it('keeps only the base name and answers null without a name', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd")).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
