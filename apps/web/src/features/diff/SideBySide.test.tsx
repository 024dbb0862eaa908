import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { DiffDocument, DiffPassage } from '@bid/shared';
import { SideBySide, segmentsOf } from './SideBySide.tsx';

afterEach(cleanup);

const doc = (key: string, text: string): DiffDocument => ({
  key,
  name: `${key} 文件`,
  source: 'bid',
  text,
  images: 0,
});

describe('segmentsOf', () => {
  it('cuts the text at passages and keeps the earlier of overlapping ones', () => {
    const segs = segmentsOf('0123456789', [
      { start: 6, end: 9, pid: 1 },
      { start: 2, end: 7, pid: 0 },
    ]);
    expect(segs).toEqual([
      { text: '01', pid: null },
      { text: '23456', pid: 0 },
      { text: '78', pid: 1 },
      { text: '9', pid: null },
    ]);
    expect(segs.map((s) => s.text).join('')).toBe('0123456789');
  });
});

describe('SideBySide', () => {
  const a = doc('A', '甲乙丙。本项目工期为九十天，质量合格。丁戊己。');
  const b = doc('B', '庚辛。本项目工期为九十天，质量合格。壬癸。');
  const passage: DiffPassage = {
    a: { key: 'A', text: '本项目工期为九十天，质量合格。', start: 4, end: 19 },
    b: { key: 'B', text: '本项目工期为九十天，质量合格。', start: 3, end: 18 },
    similarity: 1,
  };

  it('highlights a passage on both sides and marks its counterpart when clicked', () => {
    render(<SideBySide a={a} b={b} passages={[passage]} />);
    const left = screen.getByTestId('diff-pane-a').querySelector('mark')!;
    const right = screen.getByTestId('diff-pane-b').querySelector('mark')!;
    expect(left.textContent).toBe('本项目工期为九十天，质量合格。');
    expect(right.textContent).toBe('本项目工期为九十天，质量合格。');
    fireEvent.click(left);
    expect(right.className).toContain('diff-mark--active');
    expect(screen.getByText(/第 1 处（相似度 100%）/)).toBeTruthy();
  });

  it('says so when two documents share nothing', () => {
    render(<SideBySide a={a} b={b} passages={[]} />);
    expect(screen.getByText('这两份文件之间没有发现相似段落。')).toBeTruthy();
  });
});
