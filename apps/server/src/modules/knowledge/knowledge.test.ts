import { describe, expect, it } from 'vitest';
import type { CompanyFact, TenderAnalysis } from '@bid/shared';
import { Bm25Segment, searchSegments } from './bm25.ts';
import { bidTermsOf, checkConsistency, norm, openingDateOf } from './consistency.ts';
import type { Embedder } from './embeddings.ts';
import { fillPlaceholders } from './grounding.ts';
import { parseUpper, rmbLower, rmbUpper } from './money.ts';
import { PassageSearch, type IndexSource } from './search.ts';
import { splitPassages } from './split.ts';
import { highlightsOf, termVector, termsOf } from './terms.ts';

const passage = (id: string, documentId: string, text: string) => {
  const terms = termVector(text);
  return { id, documentId, terms, length: Object.values(terms).reduce((a, b) => a + b, 0) };
};

const fact = (kind: CompanyFact['kind'], data: Record<string, unknown>): CompanyFact => ({
  id: `${kind}-${String(data.name)}`,
  kind,
  data,
  expiry: null,
  updateTime: '',
});

describe('knowledge: terms and search', () => {
  it('Chinese terms are bigrams of Han runs plus long words and Latin words', () => {
    expect(termsOf('一级建造师 ISO9001')).toEqual(
      expect.arrayContaining(['一级', '建造', '造师', 'iso9001']),
    );
    expect(termsOf('我方')).toEqual([]);
    const text = '项目经理王建国持有一级建造师证书';
    for (const [a, b] of highlightsOf(text, '项目负责人的证书'))
      expect(['项目', '证书']).toContain(text.slice(a, b));
  });

  it('BM25 across segments ranks the passage that answers a query in other words first', () => {
    const segs = [
      new Bm25Segment('d1', [
        passage('p1', 'd1', '雨季施工前疏通排水沟渠，储备抽水设备。'),
        passage('p2', 'd1', '本工程拟派项目经理王建国，持有一级建造师注册证书。'),
      ]),
      new Bm25Segment('d2', [passage('p3', 'd2', '冬季混凝土采用综合蓄热法养护，测温每两小时一次。')]),
    ];
    expect(searchSegments(segs, termsOf('项目负责人的建造师证书'), 3)[0].id).toBe('p2');
    expect(searchSegments(segs, termsOf('冬天混凝土怎么养护'), 3)[0]).toMatchObject({
      id: 'p3',
      documentId: 'd2',
    });
    expect(searchSegments(segs, termsOf('无关的查询词语'), 3)).toEqual([]);
  });

  it('hybrid ranking fuses BM25 with embedding similarity and falls back to BM25 when the provider fails', async () => {
    const rows = [
      {
        id: 'p1',
        document_id: 'd1',
        terms: JSON.stringify(termVector('现场围挡设置')),
        length: 4,
        embedding: JSON.stringify([1, 0]),
      },
      {
        id: 'p2',
        document_id: 'd1',
        terms: JSON.stringify(termVector('文明施工措施')),
        length: 4,
        embedding: JSON.stringify([0, 1]),
      },
    ];
    const source: IndexSource = {
      revisions: async () => new Map([['t', 1]]),
      documentIds: async () => ['d1'],
      indexRows: async () => rows,
    };
    let fail = false;
    const embedder: Embedder = {
      model: 'm',
      embed: async () => (fail ? Promise.reject(new Error('down')) : [[1, 0]]),
    };
    const search = new PassageSearch(source, embedder);
    // BM25 alone finds only p2 (文明施工); the vector of the query points at p1: fused, both appear.
    const fused = await search.search(['t'], '文明施工', 2);
    expect(fused.map((s) => s.id).sort()).toEqual(['p1', 'p2']);
    fail = true;
    expect((await search.search(['t'], '文明施工', 2)).map((s) => s.id)).toEqual(['p2']);
  });

  it('passages start at headings and long sections are cut at sentence ends', () => {
    const long = '甲'.repeat(50) + '。' + '乙'.repeat(50) + '。';
    const out = splitPassages(
      `前言\n第一章 总则\n${long}\n二、人员\n项目经理一名。`,
      [{ level: 1, text: '前言' }],
      60,
    );
    expect(out.map((p) => p.heading)).toEqual(['第一章 总则', '第一章 总则', '二、人员']);
    expect(out[0].text.endsWith('。')).toBe(true);
  });
});

describe('knowledge: amounts, terms of the bid and placeholders', () => {
  it('amounts in 大写 and 小写 agree and read back', () => {
    for (const [n, upper] of [
      [12345678.9, '壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角整'],
      [100000, '壹拾万元整'],
      [10010001, '壹仟零壹万零壹元整'],
      [120050000.05, '壹亿贰仟零伍万元零伍分'],
      [0.5, '零元伍角整'],
    ] as const) {
      expect(rmbUpper(n)).toBe(upper);
      expect(parseUpper(upper)).toBeCloseTo(n, 2);
    }
    expect(rmbLower(12345678.9)).toBe('¥12,345,678.90');
  });

  it('工期/质保期/投标有效期 are read from the tender and a chapter that disagrees is named', () => {
    const a = {
      project: { period: '合同签订后 45 日历天内完成供货安装' },
      requirements: [{ text: '质保期不少于三年，质保期内免费上门维修' }],
      starClauses: [],
      qualifications: [],
      keyDates: [{ label: '开标时间', value: '2026年6月18日9时30分' }],
    } as unknown as TenderAnalysis;
    const terms = bidTermsOf(a, '投标有效期：自投标截止之日起九十日历天。');
    expect(terms).toEqual({ period: '45日历天', warranty: '3年', validity: '90日历天' });
    expect(norm('一百二十日历天')).toBe('120日历天');
    expect(openingDateOf(a)).toBe('2026-06-18');
    const findings = checkConsistency(terms, 1000, [
      {
        title: '投标函',
        text: '工期为45日历天，投标有效期为90日历天，投标总报价为人民币壹仟元整（¥1,000.00）。',
      },
      { title: '服务承诺', text: '质保期为两年，投标报价 ¥1,200.00。' },
    ]);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringContaining('“服务承诺”写的是 2年'),
      expect.stringContaining('报价不一致：“服务承诺”'),
    ]);
  });

  it('placeholders the library knows are filled; the others stay', () => {
    const facts = [
      fact('other', { name: '投标人名称', value: '宏远公司' }),
      fact('person', { name: '王建国', role: '项目经理', title: '高级工程师', certificates: ['一级建造师'] }),
      fact('qualification', { name: '安全生产许可证', number: 'AQ-1' }),
    ];
    const md =
      '【待填写：公司名称】由【待填写：项目经理姓名】（【待填写：项目经理证书】）负责；【待填写：安全生产许可证编号】；【待填写：技术负责人姓名】';
    expect(fillPlaceholders(md, facts)).toBe(
      '宏远公司由王建国（一级建造师）负责；AQ-1；【待填写：技术负责人姓名】',
    );
  });
});
