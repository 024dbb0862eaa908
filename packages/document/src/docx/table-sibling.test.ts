import { describe, expect, it } from 'vitest';
import { writeBidDocx } from './writer.ts';
import { BUILTIN_TEMPLATES } from '../templates/builtin.ts';
import { docxParts } from './testing.ts';
import { ch, doc, table } from './fixtures/helpers.ts';

// 1×1 PNG.
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A diagram the editor saved as the table's sibling (issue 12: it used to land in the last cell) is
 * drawn after the table in Word, in the body, not inside a cell.
 */
describe('a diagram after a table', () => {
  it('is written after the table, outside every cell', async () => {
    const content = doc(
      '人员配置如下：',
      table([
        ['岗位', '人数'],
        ['项目经理', '1'],
      ]),
      {
        type: 'diagram',
        attrs: { kind: 'mindmap', model: { root: { text: '中心' } }, caption: '组织架构图' },
      },
    );
    const buf = await writeBidDocx({
      bid: { name: '测试' },
      chapters: [ch('组织机构', content)],
      template: BUILTIN_TEMPLATES[0],
      options: {
        diagramToPng: () => ({
          png: Buffer.from(PNG_1PX, 'base64'),
          width: 1,
          height: 1,
          cssWidth: 400,
          cssHeight: 200,
        }),
      },
    });
    const xml = docxParts(buf)['word/document.xml'];
    const tableEnd = xml.lastIndexOf('</w:tbl>');
    const drawing = xml.indexOf('<w:drawing>');
    expect(tableEnd).toBeGreaterThan(0);
    expect(drawing).toBeGreaterThan(tableEnd);
    // No cell holds a picture.
    for (const cell of xml.match(/<w:tc>[\s\S]*?<\/w:tc>/g) ?? []) expect(cell).not.toContain('<w:drawing>');
    expect(xml.indexOf('组织架构图')).toBeGreaterThan(tableEnd);
  });
});
