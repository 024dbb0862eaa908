import { materialsToPrepare, SCORING_CATEGORY_LABELS, scoringTotals, type TenderAnalysis } from '@bid/shared';
import type { PMNode } from '@bid/document';
import { BUILTIN_TEMPLATES, DEFAULT_TEMPLATE_ID } from '@bid/document/templates/builtin';
import { writeBidDocx } from '@bid/document/docx/writer';
import type { ExportChapter } from '@bid/document/docx/types';
import type { TemplateDefinition } from '@bid/document/templates/schema';

/**
 * The interpretation report as a Word file, written with the project's .docx writer: project facts,
 * qualification requirements, the scoring table (a real table), ★/▲ clauses, 废标 clauses, key dates,
 * the bond and the materials to prepare. Only what the analysis found; gaps say 未识别.
 */

const NOT_FOUND = '未识别';

const text = (t: string): PMNode => ({ type: 'text', text: t });
const para = (t: string, bold = false): PMNode => ({
  type: 'paragraph',
  content: t ? [bold ? { ...text(t), marks: [{ type: 'bold' }] } : text(t)] : [],
});
const cell = (t: string, header = false): PMNode => ({
  type: header ? 'tableHeader' : 'tableCell',
  attrs: { colspan: 1, rowspan: 1 },
  content: [para(t)],
});
const row = (cells: string[], header = false): PMNode => ({
  type: 'tableRow',
  content: cells.map((c) => cell(c, header)),
});
const table = (head: string[], rows: string[][]): PMNode => ({
  type: 'table',
  content: [row(head, true), ...rows.map((r) => row(r))],
});
const doc = (...blocks: PMNode[]): PMNode => ({ type: 'doc', content: blocks.length ? blocks : [para('')] });
const numbered = (items: string[]): PMNode => ({
  type: 'orderedList',
  attrs: { start: 1 },
  content: items.map((t) => ({ type: 'listItem', content: [para(t)] })),
});
const listOrNone = (items: string[], none: string): PMNode => (items.length ? numbered(items) : para(none));

function factsTable(a: TenderAnalysis): PMNode {
  const p = a.project;
  const rows: Array<[string, string | null | undefined]> = [
    ['项目名称', p.name],
    ['项目编号', p.number],
    ['采购人/招标人', p.owner],
    ['代理机构', p.agency],
    ['采购方式', p.method],
    ['预算/最高限价', p.budget],
    ['工期/服务期', p.period],
    ['项目地点', p.location],
    ['采购内容/范围', p.scope],
    ['评标办法', a.scoringMethod],
    ['技术标暗标', a.darkBid ? '是（技术部分不得出现投标人信息）' : '未要求'],
    ['页数限制', a.pageLimit ? `${a.pageLimit} 页` : '未规定'],
  ];
  if (a.lots.length) rows.push(['采购包/标段', a.lots.map((l) => `${l.no}. ${l.name}`).join('；')]);
  return table(
    ['项目', '内容'],
    rows.map(([k, v]) => [k, v?.trim() || NOT_FOUND]),
  );
}

function scoringChapter(a: TenderAnalysis): PMNode {
  if (!a.scoringItems.length) return doc(para('未识别到评分标准，请对照招标文件“评分办法”章节核对。'));
  const totals = scoringTotals(a.scoringItems);
  const lotName = (n: number | null | undefined) =>
    n == null ? '' : (a.lots.find((l) => l.no === n)?.name ?? `第 ${n} 包`);
  const withLots = a.lots.length > 0;
  const head = ['序号', '类别', '评分因素', '分值', '评分标准', ...(withLots ? ['采购包'] : [])];
  const rows = a.scoringItems.map((it, i) => [
    String(i + 1),
    SCORING_CATEGORY_LABELS[it.category],
    it.group ? `${it.group} / ${it.name}` : it.name,
    it.points == null ? '—' : String(it.points),
    it.criteria || '—',
    ...(withLots ? [lotName(it.lot) || '全部'] : []),
  ]);
  return doc(
    para(
      `共 ${a.scoringItems.length} 项，合计 ${totals.total} 分（技术 ${totals.technical} 分、商务 ${totals.commercial} 分、价格 ${totals.price} 分、其他 ${totals.other} 分）。`,
    ),
    table(head, rows),
  );
}

/** The report's chapters (exported for tests and for a preview). */
export function reportChapters(a: TenderAnalysis): ExportChapter[] {
  const stars = a.starClauses.map((c) => `${c.mark} ${c.text}`);
  const starReqs = a.requirements.filter((r) => r.star).map((r) => `★ ${r.text}`);
  const materials = materialsToPrepare(a);
  const bond = a.project.bond?.trim();
  return [
    { title: '项目概况', content: doc(factsTable(a)) },
    {
      title: '资格要求',
      content: doc(
        listOrNone(a.qualifications, '未识别到资格要求，请对照招标文件“供应商资格要求”章节核对。'),
      ),
    },
    { title: '评分标准', content: scoringChapter(a) },
    {
      title: '★号与▲号条款',
      content: doc(
        para('★号条款为实质性要求，任何一条不满足即投标无效；▲号条款为重要指标。'),
        listOrNone([...stars, ...starReqs.filter((r) => !stars.includes(r))], '未发现★/▲条款。'),
      ),
    },
    { title: '废标与无效投标条款', content: doc(listOrNone(a.disqualifications, '未发现废标条款。')) },
    {
      title: '关键时间节点',
      content: doc(
        a.keyDates.length
          ? table(
              ['事项', '时间'],
              a.keyDates.map((d) => [d.label, d.value]),
            )
          : para('未识别到关键时间，请对照招标公告核对。'),
      ),
    },
    {
      title: '投标保证金',
      content: doc(
        para(
          bond
            ? `投标保证金：${bond}${a.project.bondAmount ? `（折合人民币 ${a.project.bondAmount.toLocaleString('zh-CN')} 元）` : ''}`
            : '未识别到投标保证金要求（可能无需缴纳，请对照招标公告核对）。',
        ),
      ),
    },
    {
      title: '需要准备的材料',
      content: doc(
        materials.length
          ? table(
              ['序号', '材料', '依据'],
              materials.map((m, i) => [String(i + 1), m.text, m.reason]),
            )
          : para('未从招标文件中识别到需单独准备的材料。'),
        ...(a.formatRules.length ? [para('编制格式要求', true), numbered(a.formatRules)] : []),
      ),
    },
  ];
}

/** The report template: the standard one with a report cover and without a page break per chapter. */
function reportTemplate(): TemplateDefinition {
  const base = (BUILTIN_TEMPLATES.find((t) => t.id === DEFAULT_TEMPLATE_ID) ?? BUILTIN_TEMPLATES[0])
    .definition;
  return {
    ...base,
    headings: base.headings.map((h, i) =>
      i === 0 ? { ...h, pageBreakBefore: false, align: 'left' as const } : h,
    ),
    cover: {
      ...base.cover,
      title: '招标文件解读报告',
      subtitle: '',
      fields: ['projectName', 'projectCode', 'tenderer', 'date'],
    },
    toc: { ...base.toc, depth: 1 },
  };
}

/** The .docx of an interpretation. */
export async function writeReportDocx(
  name: string,
  a: TenderAnalysis,
  date: Date = new Date(),
): Promise<Buffer> {
  return writeBidDocx({
    bid: {
      name: `${name}解读报告`,
      projectName: a.project.name ?? name,
      projectCode: a.project.number,
      tenderer: a.project.owner,
      date: `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`,
    },
    chapters: reportChapters(a),
    template: reportTemplate(),
  });
}
