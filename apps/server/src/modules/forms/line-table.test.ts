import { describe, expect, it } from 'vitest';
import { priceLineTotals, rmbUpper, type PriceLine, type TenderForm } from '@bid/shared';
import { fillForm, filledText, type FormValues } from './fill.ts';
import { lineColumnOf, lineColumns } from './line-table.ts';

const line = (name: string, quantity: number, unitPrice: number, taxRate: number): PriceLine => ({
  name,
  quantity,
  unitPrice,
  taxRate,
  ...priceLineTotals({ quantity, unitPrice, taxRate }),
});
const LINES = [line('主机', 2, 1_000_000, 13), line('安装调试', 1, 50_000, 9), line('培训', 3, 2_000, 6)];
// 2,260,000 + 54,500 + 6,360
const TOTAL = 2_320_860;

const values = (lines: PriceLine[] | undefined, price: number | null = TOTAL): FormValues => ({
  projectName: '某项目',
  projectNumber: 'XM-1',
  owner: null,
  lot: 1,
  price,
  validity: null,
  period: null,
  warranty: null,
  bidder: null,
  legalRep: null,
  creditCode: null,
  address: null,
  phone: null,
  postcode: null,
  email: null,
  bank: null,
  account: null,
  date: null,
  lines,
});

const form = (rows: string[][], extra: TenderForm['blocks'] = []): TenderForm => ({
  title: '分项报价表',
  kind: 'price-detail',
  blocks: [{ kind: 'table', rows }, ...extra],
});

describe('the 分项报价表 filled from the bid’s 分项 lines', () => {
  it('names each column by its header’s words, net or gross by whether the table shows the tax', () => {
    expect(
      ['序号', '名称', '品牌及型号', '制造商及产地', '数量', '单价（元）', '合价（元）', '备注'].map((h) =>
        lineColumnOf(h, false),
      ),
    ).toEqual(['serial', 'name', 'blank', 'blank', 'quantity', 'unitPrice', 'total', 'remark']);
    expect(
      ['分项名称', '计量单位', '工程量', '单价', '税率（%）', '税额', '小计', '含税总价（万元）'].map((h) =>
        lineColumnOf(h, true),
      ),
    ).toEqual(['name', 'blank', 'quantity', 'unitPriceNet', 'taxRate', 'tax', 'subtotal', 'total']);
    expect(['货物名称', '不含税金额', '金额（元）', '含税单价'].map((h) => lineColumnOf(h, false))).toEqual([
      'name',
      'subtotal',
      'total',
      'unitPrice',
    ]);
    // No name or no amount: not a 分项 table (a 偏离表, an 开标一览表 row of facts).
    expect(lineColumns(['序号', '招标文件条目号', '技术参数要求', '偏离情况'])).toBeNull();
    expect(lineColumns(['项目名称', '交货期', '质保期'])).toBeNull();
  });

  it('t4’s table: the numbered rows take the lines, one more is added, the 合计 is the 报价', () => {
    const rows = [
      ['序号', '名称', '品牌及型号', '制造商及产地', '数量', '单价（元）', '合价（元）', '备注'],
      ['1', '', '', '', '', '', '|', ''],
      ['2', '', '', '', '', '', '|', ''],
      ['合计', ' ', ' ', ' ', ' ', ' ', '|', ''],
    ];
    const filled = fillForm(form(rows), values(LINES));
    expect(filledText(filled.blocks).split('\n')).toEqual([
      '序号\t名称\t品牌及型号\t制造商及产地\t数量\t单价（元）\t合价（元）\t备注',
      '1\t主机\t\t\t2\t1,130,000.00\t2,260,000.00\t',
      '2\t安装调试\t\t\t1\t54,500.00\t54,500.00\t',
      '3\t培训\t\t\t3\t2,120.00\t6,360.00\t',
      '合计\t \t \t \t \t \t2,320,860.00\t',
    ]);
    // What the bid does not know stays blank and is listed; the 备注 is no blank.
    expect(filled.open).toEqual([
      '主机：品牌及型号',
      '主机：制造商及产地',
      '安装调试：品牌及型号',
      '安装调试：制造商及产地',
      '培训：品牌及型号',
      '培训：制造商及产地',
    ]);
    // Without lines the form is the tender's.
    expect(filledText(fillForm(form(rows), values(undefined)).blocks)).toBe(
      rows.map((r) => r.join('\t')).join('\n'),
    );
  });

  it('a taxed table in the tender’s column order, its 大写 row and surplus empty rows', () => {
    const rows = [
      ['分项报价明细表'],
      ['序号', '分项名称', '单位', '数量', '不含税单价（元）', '税率（%）', '税额（元）', '含税合价（元）'],
      ['1', '', '', '', '', '', '', ''],
      ['2', '', '', '', '', '', '', ''],
      ['3', '', '', '', '', '', '', ''],
      ['4', '', '', '', '', '', '', ''],
      ['…', '', '', '', '', '', '', ''],
      ['合计', '', '', '', '', '', '', ''],
      ['合计（大写）', '', ' ', ' ', ' ', ' ', ' ', ' '],
    ];
    const text = filledText(fillForm(form(rows), values(LINES.slice(0, 2), 2_314_500)).blocks).split('\n');
    expect(text).toEqual([
      '分项报价明细表',
      '序号\t分项名称\t单位\t数量\t不含税单价（元）\t税率（%）\t税额（元）\t含税合价（元）',
      '1\t主机\t\t2\t1,000,000.00\t13\t260,000.00\t2,260,000.00',
      '2\t安装调试\t\t1\t50,000.00\t9\t4,500.00\t54,500.00',
      '合计\t\t\t\t\t\t264,500.00\t2,314,500.00',
      `合计（大写）\t${rmbUpper(2_314_500)}\t \t \t \t \t \t `,
    ]);
  });

  it('rows the tender names take the line of that name; lines it does not name follow; 万元 columns in 万元', () => {
    const rows = [
      ['项目名称', '数量', '金额（万元）'],
      ['主机', '', ''],
      ['运输', '', ''],
      ['总计', '', ''],
    ];
    expect(filledText(fillForm(form(rows), values(LINES)).blocks).split('\n')).toEqual([
      '项目名称\t数量\t金额（万元）',
      '主机\t2\t226',
      '运输\t\t',
      '安装调试\t1\t5.45',
      '培训\t3\t0.636',
      '总计\t\t232.086',
    ]);
  });
});
