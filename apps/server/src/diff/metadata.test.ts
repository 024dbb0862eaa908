import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { readDocxAssets } from './docx-assets.ts';
import { makeDocx } from './fixtures.ts';
import { RSID_FIELD, sharedMetadata } from './metadata.ts';

function png(fill: number): Buffer {
  const p = new PNG({ width: 8, height: 8 });
  p.data.fill(fill);
  return PNG.sync.write(p);
}

describe('document properties', () => {
  it('reads the properties and pictures of a DOCX and lists what two documents share', async () => {
    const a = await readDocxAssets(
      makeDocx({
        paragraphs: ['甲公司投标文件'],
        creator: '张三',
        lastModifiedBy: '李四',
        company: '某某咨询有限公司',
        application: 'Microsoft Office Word',
        template: 'Normal.dotm',
        created: '2025-03-01T08:00:00Z',
        rsids: ['00A1B2C3', '00D4E5F6', '11111111'],
        images: [
          { name: 'image10.png', data: png(10) },
          { name: 'image2.png', data: png(200) },
        ],
      }),
    );
    expect(a.images).toHaveLength(2);
    // Natural order: image2 before image10.
    expect(a.images[0]).toEqual(png(200));
    expect(a.metadata).toEqual(
      expect.arrayContaining([
        { field: '作者', value: '张三' },
        { field: '最后修改者', value: '李四' },
        { field: '公司', value: '某某咨询有限公司' },
        { field: '创建工具', value: 'Microsoft Office Word' },
        { field: '模板', value: 'Normal.dotm' },
        { field: '创建时间', value: '2025-03-01T08:00:00Z' },
        { field: RSID_FIELD, value: '00A1B2C3' },
      ]),
    );
    const b = await readDocxAssets(
      makeDocx({
        paragraphs: ['乙公司投标文件'],
        creator: '王五',
        lastModifiedBy: '李四',
        company: '某某咨询有限公司',
        created: '2025-03-01T08:00:00Z',
        rsids: ['00D4E5F6', '00A1B2C3', '22222222'],
      }),
    );
    const c = await readDocxAssets(makeDocx({ paragraphs: ['丙公司'], creator: '赵六', company: '丙公司' }));
    const shared = sharedMetadata([
      { key: 'A', fields: a.metadata },
      { key: 'B', fields: b.metadata },
      { key: 'C', fields: c.metadata },
    ]);
    expect(shared).toEqual(
      expect.arrayContaining([
        { field: '最后修改者', value: '李四', keys: ['A', 'B'] },
        { field: '公司', value: '某某咨询有限公司', keys: ['A', 'B'] },
        { field: '创建时间', value: '2025-03-01T08:00:00Z', keys: ['A', 'B'] },
        { field: RSID_FIELD, value: expect.stringMatching(/^2 个相同：/), keys: ['A', 'B'] },
      ]),
    );
    expect(shared.some((s) => s.field === '作者')).toBe(false);
    expect(shared.some((s) => s.keys.includes('C'))).toBe(false);
  });

  it('refuses a file that is not a DOCX', async () => {
    await expect(readDocxAssets(Buffer.from('plain text'))).rejects.toThrow();
  });
});
