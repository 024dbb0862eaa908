import { describe, expect, it } from 'vitest';
import type { OcrPageBoxes } from '../parse-core.ts';
import { passageOnPage } from './passage.ts';

const line = (text: string, y: number, x0 = 100) => ({ text, x0, y0: y, x1: x0 + 400, y1: y + 20 });
const pages: OcrPageBoxes[] = [
  {
    page: 1,
    skew: 0,
    width: 1200,
    height: 1700,
    lines: [line('第一章 招标公告', 100), line('施工组织设计', 140), line('详见第二章', 180)],
  },
  {
    page: 2,
    skew: 0,
    width: 1200,
    height: 1700,
    lines: [
      line('评分标准', 100),
      line('施工组织设计', 140),
      line('内容完整、措施得当', 140, 600),
      line('第2页', 1600),
    ],
  },
];

describe('passageOnPage', () => {
  it('picks, of two lines holding the name, the one whose neighbours are in the passage', () => {
    const at = passageOnPage(pages, {
      before: '第二章 评分办法\n评分标准\n',
      text: '施工组织设计',
      after: '\t10\t内容完整、措施得当的得8-10分',
    });
    expect(at).toEqual({
      page: 2,
      width: 1200,
      height: 1700,
      boxes: [{ x0: 100, y0: 140, x1: 500, y1: 160 }],
    });
  });

  it('outlines each line a long passage holds, and answers null when no line matches', () => {
    const at = passageOnPage(pages, { before: '', text: '施工组织设计\t内容完整、措施得当', after: '' });
    expect(at?.boxes).toHaveLength(2);
    expect(passageOnPage(pages, { before: '', text: '投标保证金', after: '' })).toBeNull();
  });
});
