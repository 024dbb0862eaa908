import { describe, expect, it } from 'vitest';
import { writeBidDocxDetailed } from './writer.ts';
import { BUILTIN_TEMPLATES } from '../templates/builtin.ts';
import { FIXTURE_BIDS } from './fixtures/index.ts';
import { ch, doc, table } from './fixtures/helpers.ts';
import { docxParts } from './testing.ts';
import type { ExportChapter } from './types.ts';

/**
 * The footer's total ({PAGES}): SECTIONPAGES for Word (writer.test.ts); for the file LibreOffice turns
 * into PDF (sectionPagesField: false) a PAGEREF to a bookmark ending the body's last paragraph, since
 * LibreOffice prints SECTIONPAGES's written estimate. The PDF itself: toc-pages.api.test.ts (server).
 */
const gov = FIXTURE_BIDS[0];
const template = BUILTIN_TEMPLATES.find((t) => t.id === 'gov-standard')!.definition;

async function write(chapters: ExportChapter[], sectionPagesField?: boolean) {
  const r = await writeBidDocxDetailed({ bid: gov.bid, chapters, template, options: { sectionPagesField } });
  const parts = docxParts(r.buffer);
  const footers = Object.entries(parts)
    .filter(([n]) => /word\/footer\d*\.xml/.test(n))
    .map(([, x]) => x)
    .join('');
  const xml = parts['word/document.xml'];
  // Up to the body section's properties, which close the document.
  const body = xml.slice(0, xml.lastIndexOf('<w:sectPr>'));
  return { footers, body, estimated: r.estimatedPages };
}

const END = /<w:bookmarkStart w:id="\d+" w:name="_bid_body_end"\/><w:bookmarkEnd w:id="\d+"\/><\/w:p>$/;

describe('footer page total', () => {
  it('is a PAGEREF to the body’s end, with the estimate as its result, for LibreOffice', async () => {
    const { footers, body, estimated } = await write(gov.chapters, false);
    expect(footers).not.toContain('SECTIONPAGES');
    expect(footers).toMatch(
      new RegExp(`> PAGEREF _bid_body_end </w:instrText>[\\s\\S]*?<w:t>${estimated}</w:t>`),
    );
    // At the end of the last paragraph, which holds text: on the body's last page.
    expect(body).toMatch(END);
    expect(body.slice(body.lastIndexOf('<w:p>'))).toMatch(/<w:t[^>]*>[^<]*\S[^<]*<\/w:t>/);
  });

  it('keeps the empty paragraph after a closing table with a space, so LibreOffice keeps the bookmark', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => [String(i + 1), `设备${i + 1}`]);
    const { body } = await write([ch('报价部分', doc('投标总价见下表。', table(rows)))], false);
    expect(body).toMatch(
      /<\/w:tbl><w:p>(?:(?!<w:p[ >]).)*<w:r><w:t xml:space="preserve"> <\/w:t><\/w:r><w:bookmarkStart/,
    );
    expect(body).toMatch(END);
  });

  it('stays SECTIONPAGES without a bookmark for Word, and no bookmark without a total', async () => {
    const word = await write(gov.chapters);
    expect(word.footers).toContain(' SECTIONPAGES </w:instrText>');
    expect(word.body).not.toContain('_bid_body_end');
    const pageOnly = await writeBidDocxDetailed({
      bid: gov.bid,
      chapters: gov.chapters,
      template: { ...template, footer: { ...template.footer, pageNumberFormat: '— {PAGE} —' } },
      options: { sectionPagesField: false },
    });
    expect(docxParts(pageOnly.buffer)['word/document.xml']).not.toContain('_bid_body_end');
  });
});
