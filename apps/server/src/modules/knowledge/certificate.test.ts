import { describe, expect, it } from 'vitest';
import { certificateFields, lastDate } from './certificate.ts';

describe('certificateFields', () => {
  it('reads labelled values on the same line, up to the next label', () => {
    const text = [
      '建筑业企业资质证书',
      '企业名称：临川市宏远建设有限公司',
      '证书编号：D236051234\t有效期：2023年06月01日至2028年05月31日',
      '资质类别及等级：建筑工程施工总承包贰级',
      '发证机关：临川省住房和城乡建设厅',
    ].join('\n');
    expect(certificateFields(text)).toEqual({
      name: '建筑工程施工总承包贰级',
      number: 'D236051234',
      issuer: '临川省住房和城乡建设厅',
      validUntil: '2028-05-31',
    });
  });

  it('takes the next line when a label ends its line, and falls back to the title and the authority', () => {
    const text = [
      '安全生产许可证',
      '编号',
      '（临）JZ安许证字[2021]010203',
      '有效期至 2027.3.9',
      '临川省住房和城乡建设厅',
    ].join('\n');
    expect(certificateFields(text)).toEqual({
      name: '安全生产许可证',
      number: '（临）JZ安许证字[2021]010203',
      issuer: '临川省住房和城乡建设厅',
      validUntil: '2027-03-09',
    });
  });

  it('leaves out what it does not find, and a 发证日期 is no expiry', () => {
    expect(certificateFields('荣誉证书\n发证日期：2024年1月2日')).toEqual({ name: '荣誉证书' });
  });

  it('lastDate picks the end of a period and skips impossible dates', () => {
    expect(lastDate('2023年6月1日至2028年5月31日')).toBe('2028-05-31');
    expect(lastDate('2028年13月40日')).toBeUndefined();
  });
});
