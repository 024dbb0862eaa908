import { isMandatedTitle, type Requirement, type ScoringItem, type TenderAnalysis } from '@bid/shared';

/**
 * Response tables (响应及偏离表) and the scoring index (评分索引表): real tables built from the
 * analysis, one row per requirement (or scoring item), with the response and deviation columns
 * left for the bidder to confirm. Rebuilt from the current outline whenever the chapter is written,
 * so the index follows the outline.
 */
export type ResponseTableKind = 'technical' | 'service' | 'commercial' | 'scoreIndex';

export const RESPONSE_TABLE_TITLES: Record<ResponseTableKind, string> = {
  technical: '技术参数响应及偏离表',
  service: '服务要求响应及偏离表',
  commercial: '商务条款响应及偏离表',
  scoreIndex: '评分索引表',
};

/** The table a title names (a mandated 技术偏离表 or a planned 评分索引表), else null. */
export function tableKindOf(title: string): ResponseTableKind | null {
  if (/评分(索引|对照|点对照)|索引表/.test(title)) return 'scoreIndex';
  if (!/偏离|响应表|应答表|对照表/.test(title)) return null;
  if (/商务/.test(title)) return 'commercial';
  if (/服务/.test(title)) return 'service';
  return 'technical';
}

export { isMandatedTitle };

/** The response tables the tender demands, by kind, in the order it names them (duplicates dropped). */
export function demandedTables(
  a: Pick<TenderAnalysis, 'responseTables'>,
): Array<{ kind: ResponseTableKind; title: string }> {
  const out: Array<{ kind: ResponseTableKind; title: string }> = [];
  for (const name of a.responseTables ?? []) {
    // Only response / deviation tables hold requirement rows (a 人员配置表 is evidence, not one of them).
    const kind = tableKindOf(name);
    if (kind && !out.some((t) => t.kind === kind))
      out.push({ kind, title: name.trim() || RESPONSE_TABLE_TITLES[kind] });
  }
  return out;
}

const cell = (s: string) =>
  s
    .replace(/\|/g, '／')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
const ph = (label: string) => `【待填写：${label}】`;
/**
 * The 偏离 cell until the writer or the model answers it: never pre-filled 满足/无偏离, which would
 * state a compliance nobody checked. The bid checks count it as open.
 */
export const TO_CONFIRM = '【待确认】';

/**
 * The rows of a response table: the requirements of its kind; a tender that demands a single
 * table gets every requirement in it.
 */
export function tableRequirements(
  kind: ResponseTableKind,
  a: Pick<TenderAnalysis, 'requirements' | 'responseTables'>,
): Requirement[] {
  const reqs = a.requirements ?? [];
  if (kind === 'scoreIndex') return [];
  const kinds = new Set(
    demandedTables(a)
      .map((t) => t.kind)
      .filter((k) => k !== 'scoreIndex'),
  );
  if (kinds.size <= 1) return reqs;
  // A requirement whose own kind has no table goes to the technical one.
  return reqs.filter((r) => {
    const k = requirementKind(r.text);
    return k === kind || (!kinds.has(k) && kind === 'technical');
  });
}

/** Which response table a requirement belongs in. */
export function requirementKind(text: string): Exclude<ResponseTableKind, 'scoreIndex'> {
  if (/付款|结算|工期|交货期|交付期|质保|保修|合同|发票|违约|投标有效期|报价|履约保证|验收款/.test(text))
    return 'commercial';
  if (/服务|响应时间|到场|驻场|培训|运维|巡检|售后|维护|应急|值守|人员配备/.test(text)) return 'service';
  return 'technical';
}

export function responseTableMarkdown(reqs: Requirement[]): string {
  if (!reqs.length) return `招标文件未列出本表对应的具体要求条目。${ph('如有补充要求，逐条列出并填写响应')}`;
  const rows = reqs.map(
    (r, i) =>
      `| ${i + 1} | ${r.mark ?? (r.star ? '★' : '')}${cell(r.text)} | ${ph('实际响应内容')} | ${TO_CONFIRM} | ${ph('证明材料页码')} |`,
  );
  return [
    `本表逐条响应招标文件的要求（共 ${reqs.length} 条），标注“★”的为实质性要求，不得负偏离。`,
    '',
    '| 序号 | 招标文件要求 | 投标响应 | 偏离情况 | 说明 |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export interface IndexRow {
  item: ScoringItem;
  /** Numbered path of the chapter that owns the item, e.g. "3.2 运维方案"; null when none does. */
  chapter: string | null;
  /** Estimated page where that chapter starts. */
  page: number | null;
}

export function scoreIndexMarkdown(rows: IndexRow[]): string {
  if (!rows.length) return `招标文件未识别到评分标准。${ph('评分项及对应章节')}`;
  return [
    '本表列出每个评分项在本投标文件中的对应章节，便于评审查阅（编辑时页码为按页数预算估算的起始页；导出 Word 时按实际排版生成页码，在 Word 中修改后按 F9 更新）。',
    '',
    '| 序号 | 评分项 | 分值 | 对应章节 | 页码 |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r, i) =>
        `| ${i + 1} | ${cell(r.item.group ? `${r.item.group}／${r.item.name}` : r.item.name)} | ${r.item.points ?? '—'} | ${r.chapter ? cell(r.chapter) : ph('对应章节')} | ${r.page != null ? `约 ${r.page}` : ph('页码')} |`,
    ),
  ].join('\n');
}
