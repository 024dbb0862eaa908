import { describe, expect, it } from 'vitest';
import { writeBidDocx } from './writer.ts';
import { BUILTIN_TEMPLATES } from '../templates/builtin.ts';
import { FIXTURE_BIDS } from './fixtures/index.ts';
import { docxParts, paragraphTexts } from './testing.ts';
import { ch, doc } from './fixtures/helpers.ts';

/** A PNG header claiming width × height pixels (the data behind it is one tiny row). */
function lyingPng(width: number, height: number): string {
  const b = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
}

describe('picture pixel caps at export', () => {
  it('writes the caption instead of a picture whose header claims more pixels than the cap', async () => {
    const content = doc(
      {
        type: 'image',
        attrs: { src: `data:image/png;base64,${lyingPng(100_000, 100_000)}`, alt: '超大图片', caption: null },
      },
      {
        type: 'image',
        attrs: { src: `data:image/png;base64,${lyingPng(2, 2)}`, alt: '小图', caption: '正常图片' },
      },
    );
    const buf = await writeBidDocx({
      bid: FIXTURE_BIDS[0].bid,
      chapters: [ch('技术方案', content)],
      template: BUILTIN_TEMPLATES.find((t) => t.id === 'gov-standard')!,
    });
    const xml = docxParts(buf)['word/document.xml'];
    expect(paragraphTexts(xml)).toContain('【图片：超大图片】');
    expect(xml.match(/<w:drawing>/g)).toHaveLength(1);
  });
});
