import { describe, expect, it } from 'vitest';
import { tocXml } from './toc.ts';

const entries = [
  { text: '第一章 投标函', level: 1, page: 1, bookmark: '_Toc_bid_1' },
  { text: '1.1 总体设计', level: 2, page: 2, bookmark: '_Toc_bid_2' },
];
const opts = { depth: 3, dirty: true, tabPos: 8312 };

describe('tocXml', () => {
  it('for Word: the entries as the result of a dirty TOC field, each page a PAGEREF', () => {
    const xml = tocXml(entries, { ...opts, field: true });
    expect(xml.match(/ TOC \\o "1-3" \\h \\z \\u /g)).toHaveLength(1);
    expect(xml).toContain('<w:fldChar w:fldCharType="begin" w:dirty="true"/>');
    // The TOC field's begin and end, plus one begin and end per PAGEREF.
    expect(xml.match(/w:fldCharType="begin"/g)).toHaveLength(3);
    expect(xml.match(/w:fldCharType="end"/g)).toHaveLength(3);
    expect(xml.match(/ PAGEREF _Toc_bid_\d \\h /g)).toHaveLength(2);
  });

  it('for LibreOffice’s PDF: the same entries and PAGEREFs, no TOC field around them', () => {
    const xml = tocXml(entries, { ...opts, field: false });
    expect(xml).not.toContain(' TOC ');
    expect(xml.match(/w:fldCharType="begin"/g)).toHaveLength(2);
    expect(xml.match(/w:fldCharType="end"/g)).toHaveLength(2);
    expect(xml.match(/ PAGEREF _Toc_bid_\d \\h /g)).toHaveLength(2);
    // The look is the same: TOC styles, the dot leader to the right margin, links to the headings.
    expect(xml).toContain('<w:pStyle w:val="TOC2"/>');
    expect(xml.match(/<w:tab w:val="right" w:leader="dot" w:pos="8312"\/>/g)).toHaveLength(2);
    expect(xml).toContain('<w:hyperlink w:anchor="_Toc_bid_2" w:history="1">');
  });
});
