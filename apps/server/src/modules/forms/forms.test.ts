import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUpper, type FilledBlock, type FormSegment, type TenderForm } from '@bid/shared';
import { extractForms, reflow } from '../../ai/analysis/forms.ts';
import { parseDocx } from '../../files/parse-core.ts';
import { fillForm, filledText, type FormValues } from './fill.ts';
import { formDoc } from './doc.ts';
import { matchChapters } from './service.ts';
import { priceDisagreements } from './price-check.ts';
import { priceInYuanDisagreements, termDisagreements } from './stated-terms.ts';

const RELEASED = path.resolve(import.meta.dirname, '../../../../../../shared/tenders/t4-goods.docx');
const LIMITS = { maxPages: 1000, maxUnpackedBytes: 1e8, maxEntries: 10000, maxTextChars: 1e7 };

const values = (over: Partial<FormValues> = {}): FormValues => ({
  projectName: '某项目',
  projectNumber: 'XM-1',
  owner: '某采购人',
  lot: 1,
  price: 11_880_000,
  validity: '90日历天',
  period: '90日历天',
  warranty: '3年',
  bidder: '泓川示例医疗科技有限公司',
  legalRep: '王立',
  creditCode: '91330100MA2XXXXXX1',
  address: '泓川市滨江路8号',
  phone: '0571-88886666',
  postcode: null,
  email: null,
  bank: null,
  account: null,
  date: '2026-06-18',
  ...over,
});

/** The tender's text of a form: paragraphs on their lines, table rows with TAB between cells. */
const tenderText = (f: TenderForm) =>
  f.blocks
    .map((b) => (b.kind === 'paragraph' ? b.text : b.rows.map((r) => r.join('\t')).join('\n')))
    .join('\n');

/** The filled text with every filled blank put back as the tender wrote it: the words must be the tender's. */
function unfilled(blocks: FilledBlock[], form: TenderForm): string {
  const blank = /_{2,}|＿{2,}|【\s*】|（\s{0,6}）|\(\s{0,6}\)/;
  const seg = (segs: FormSegment[], original: string) => {
    // Each filled or open segment stands where the original has its next blank (or an empty cell).
    let rest = original;
    let out = '';
    for (const s of segs) {
      if (!s.blank) {
        out += s.text;
        rest = rest.slice(rest.indexOf(s.text) + s.text.length);
        continue;
      }
      const m = blank.exec(rest);
      const raw = m && (m.index === 0 || !/^[|｜]?$/.test(rest)) ? m[0] : rest;
      out += raw;
      rest = m ? rest.slice(m.index + m[0].length) : '';
    }
    return out;
  };
  return blocks
    .map((b, i) => {
      const o = form.blocks[i];
      if (b.kind === 'paragraph' && o.kind === 'paragraph') return seg(b.segments, o.text);
      if (b.kind === 'table' && o.kind === 'table')
        return b.rows.map((r, ri) => r.map((c, ci) => seg(c, o.rows[ri][ci])).join('\t')).join('\n');
      throw new Error('block kinds differ');
    })
    .join('\n');
}

describe('forms: the tender’s own forms, read and filled', () => {
  it('reads a forms chapter: its list of parts is no form, instructions are none, tables stay tables', () => {
    const text = [
      '第一章 招标公告',
      '按第六章“投标文件格式”编制。',
      '第六章 投标文件格式',
      '一、投标函',
      '二、开标一览表',
      '三、技术方案',
      '一、投标函',
      '致：某某招标公司',
      '我方决定参加包____的投标，投标总价人民币（大写）________元（¥________）。',
      '投标人（公章）：________',
      '二、开标一览表',
      '采购包\t投标总价（元）\t交货期（日历天）',
      '包____\t\t',
      '三、技术方案',
      '技术方案由投标人自行编制。',
      '第七章 附件',
      '附件内容。',
    ].join('\n');
    const forms = extractForms(text);
    expect(forms.map((f) => [f.kind, f.title])).toEqual([
      ['letter', '投标函'],
      ['opening', '开标一览表'],
    ]);
    expect(forms[1].blocks).toEqual([
      {
        kind: 'table',
        rows: [
          ['采购包', '投标总价（元）', '交货期（日历天）'],
          ['包____', '', ''],
        ],
      },
    ]);
    const filled = fillForm(forms[1], values({ price: 2_000_000.5 }));
    expect(filledText(filled.blocks)).toBe('采购包\t投标总价（元）\t交货期（日历天）\n包1\t2,000,000.50\t90');
    expect(text.slice(forms[0].source!.start, forms[0].source!.end)).toMatch(
      /^一、投标函[\s\S]*公章）：________$/,
    );
  });

  it('opens a form at 附：…声明函, ends one at a numbered section, and leaves page numbers out', () => {
    const text = [
      '第八章 响应文件格式',
      '一、响应函',
      '我方参加包____的磋商。',
      '第 15 页 共 17 页',
      '供应商（盖章）：________',
      '附：残疾人福利性单位声明函',
      '本单位郑重声明……单位名称（盖章）：________',
      '附：法定代表人及被授权人身份证复印件（正反面）',
      '1.3 资格审查资料',
      '营业执照复印件。',
    ].join('\n');
    const forms = extractForms(text);
    expect(forms.map((f) => [f.kind, f.title, f.blocks.length])).toEqual([
      ['letter', '响应函', 2],
      ['sme', '残疾人福利性单位声明函', 2],
    ]);
  });

  it('runs a PDF’s printed lines into their paragraph, and keeps a DOCX’s paragraphs', () => {
    const pdf = [
      '我方已仔细研究某某项目（项目编号：XM-1）的竞争性磋商文件，愿意参加本项目的磋商，并作出',
      '如下承诺：',
      '1.我方响应文件的有效期为自提交首次响应文件截止之日起____日历天。',
      '供应商（电子签章）：__________',
    ];
    expect(reflow(pdf)).toEqual([
      '我方已仔细研究某某项目（项目编号：XM-1）的竞争性磋商文件，愿意参加本项目的磋商，并作出如下承诺：',
      ...pdf.slice(2),
    ]);
    const [letter] = extractForms(['第六章 响应文件格式', '一、响应函', ...pdf].join('\n'));
    expect(filledText(fillForm(letter, values()).blocks).split('\n').slice(1)).toEqual([
      '1.我方响应文件的有效期为自提交首次响应文件截止之日起90日历天。',
      '供应商（电子签章）：泓川示例医疗科技有限公司',
    ]);
  });

  it('fills a whole amount into …（大写）____元 without a second 元, and 大写 agrees with 小写', () => {
    const [letter] = extractForms(
      '第六章 投标文件格式\n一、投标函\n以投标总价人民币（大写）____元（¥____）投标。',
    );
    for (const price of [11_880_000, 10_500.5, 120_050_000.05]) {
      const text = filledText(fillForm(letter, values({ price })).blocks);
      const upper = /（大写）(.+?)（¥/.exec(text)![1];
      const lower = /（¥([\d,.]+)）/.exec(text)![1];
      expect(parseUpper(upper.includes('元') ? upper : `${upper}元`)).toBeCloseTo(price, 2);
      expect(Number(lower.replace(/,/g, ''))).toBe(price);
      expect(text).not.toMatch(/元元|整元|[角分]元/);
    }
  });

  it('leaves what it cannot fill as the tender drew it and lists it; signatures are not listed', () => {
    const [letter] = extractForms(
      '第六章 投标文件格式\n一、投标函\n地址________ 邮编____\n法定代表人（签字或盖章）：________\n授权________（被授权人姓名、职务）',
    );
    const { blocks, open } = fillForm(letter, values({ address: null }));
    expect(filledText(blocks)).toBe(
      '地址________ 邮编____\n法定代表人（签字或盖章）：________\n授权________（被授权人姓名、职务）',
    );
    expect(open).toEqual(['地址', '邮编', '被授权人姓名、职务']);
  });

  it('names each chapter that states another price by hand, in 小写 or 大写', () => {
    expect(
      priceDisagreements(1_000_000, [
        { title: '报价说明', text: '投标总价：¥1,000,000.00，即人民币（大写）壹佰万元整。' },
        { title: '商务偏离', text: '我方投标报价为¥990,000.00。大写：人民币玖拾玖万元整' },
      ]),
    ).toEqual([
      '报价不一致：“商务偏离”写的是 ¥990,000.00，报价为 ¥1,000,000.00',
      '报价大写不一致：“商务偏离”写的是 人民币玖拾玖万元整，报价为 ¥1,000,000.00',
    ]);
  });

  it('names each chapter that states another 工期, 质保期 or 投标有效期 than the bid, and only those', () => {
    const terms = { period: '90日历天', warranty: '3年', validity: '90日历天' };
    expect(
      termDisagreements(terms, [
        { title: '施工进度计划', text: '我方承诺工期为120日历天，确保按期完工。' },
        { title: '售后服务', text: '质保期为验收合格之日起2年；质保期：36个月。' },
        { title: '投标承诺', text: '投标有效期为自投标截止之日起六十日历天。' },
        // The tender's limits quoted, the bid's own values, other numbers: nothing to say.
        {
          title: '工期保证措施',
          text:
            '招标文件要求工期为90日历天。工期为不超过100日历天。工期：90日历天，' +
            '其中基础工程工期为30日历天以内。质保期满后3年内免费更换配件。投标有效期：自投标截止之日起90日历天。',
        },
        { title: '交付计划', text: '交货期为3个月。' },
      ]),
    ).toEqual([
      '工期不一致：“施工进度计划”写的是 120日历天，本投标为 90日历天（见“报价与格式”）',
      '质保期不一致：“售后服务”写的是 2年，本投标为 3年（见“报价与格式”）',
      '投标有效期不一致：“投标承诺”写的是 60日历天，本投标为 90日历天（见“报价与格式”）',
    ]);
    expect(
      termDisagreements({ period: null, warranty: null, validity: null }, [
        { title: '施工进度计划', text: '工期为120日历天。' },
      ]),
    ).toEqual([]);
  });

  it('names a 投标总价 written in 元 or 万元 that is not the 报价, but not the tender’s 最高限价', () => {
    expect(
      priceInYuanDisagreements(11_880_000, [
        { title: '报价说明', text: '投标总价为1188万元。投标报价：11,880,000.00元。' },
        { title: '商务偏离', text: '我方投标总价为人民币1,100万元，包含全部费用。' },
        { title: '报价分析', text: '投标报价为不超过最高限价1260万元的合理价格。' },
      ]),
    ).toEqual(['报价不一致：“商务偏离”写的是 1,100万元，报价为 ¥11,880,000.00']);
  });

  it('matches a form to the chapter that answers it', () => {
    const forms = extractForms('第六章 投标文件格式\n一、投标函\n致：____\n二、开标一览表\n包____\t\n');
    const node = (id: string, title: string) => ({ id, title, children: [] }) as never;
    expect(matchChapters(forms, [node('a', '第一章 投标函'), node('b', '开标一览表（报价一览表）')])).toEqual(
      ['a', 'b'],
    );
  });

  describe.skipIf(!fs.existsSync(RELEASED))('the released t4 (DOCX)', () => {
    it('its 投标函 and 开标一览表 are the tender’s word for word apart from the filled blanks', async () => {
      const { text } = await parseDocx(fs.readFileSync(RELEASED), LIMITS);
      const forms = extractForms(text);
      expect(forms.map((f) => f.title)).toEqual([
        '投标函',
        '开标一览表',
        '分项报价表',
        '法定代表人授权书',
        '技术参数响应及偏离表',
        '商务条款响应及偏离表',
        '中小企业声明函（货物）',
      ]);
      for (const form of forms) {
        const { blocks } = fillForm(form, values());
        expect(unfilled(blocks, form)).toBe(tenderText(form));
      }
      const letter = filledText(fillForm(forms[0], values()).blocks);
      expect(letter).toContain(
        '以投标总价人民币（大写）壹仟壹佰捌拾捌万元（¥11,880,000.00）提供包1的全部货物',
      );
      expect(letter).toContain('投标人（公章）：泓川示例医疗科技有限公司');
      const opening = filledText(fillForm(forms[1], values()).blocks);
      expect(opening).toContain('包1\t\t\t\t\t\t11,880,000.00\t90\t3');
      expect(opening).toContain('人民币壹仟壹佰捌拾捌万元整');
      // The Word table keeps its merged 大写 row: label over two columns, the amount over seven.
      const table = formDoc(fillForm(forms[1], values()).blocks).content!.find((n) => n.type === 'table')!;
      expect(table.content![2].content!.map((c) => c.attrs?.colspan)).toEqual([2, 7]);
    });

    it('a price changed once changes every place that states it', async () => {
      const { text } = await parseDocx(fs.readFileSync(RELEASED), LIMITS);
      const forms = extractForms(text).slice(0, 2);
      const all = (price: number) =>
        forms.map((f) => filledText(fillForm(f, values({ price })).blocks)).join('\n');
      const before = all(11_880_000);
      const after = all(9_990_000);
      expect(before.match(/11,880,000\.00/g)).toHaveLength(2);
      expect(after).not.toMatch(/11,880,000|壹仟壹佰捌拾捌万/);
      expect(after.match(/9,990,000\.00/g)).toHaveLength(2);
      expect(after.match(/玖佰玖拾玖万/g)).toHaveLength(2);
    });
  });
});
