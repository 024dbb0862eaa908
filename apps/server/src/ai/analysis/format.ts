import type { KeyDate, SourceSpan } from '@bid/shared';
import { parseEnumerator, truncate } from '../tender-text.ts';
import { bodyOf, depthOf, type Reading } from './blocks.ts';
import type { Line, Paragraph } from './lines.ts';

/** 暗标, page limits, layout rules, response tables, key dates and qualifications. */

export function detectDarkBid(text: string): boolean {
  if (!/暗标/.test(text)) return false;
  if (
    /(不采用|不实行|不实施|非)暗标|暗标[：:]\s*否/.test(text) &&
    !/采用暗标|暗标评审|暗标方式|（暗标）|\(暗标\)|暗标[：:]\s*是/.test(text)
  )
    return false;
  return true;
}

const PAGE_LIMIT = /(?:不超过|不得超过|不多于|不宜超过|控制在|限于|最多)\s*(\d{1,4})\s*页/;
const PAGE_SUBJECT =
  /(技术标|暗标|投标文件|响应文件|技术文件|商务文件|技术方案|施工组织设计|篇幅|页数|全文|监理大纲|服务方案|技术部分|正文)/;

/** The tender's cap on pages: the first "不超过 N 页" said of the bid or its technical part. */
export function extractPageLimit(paras: Paragraph[]): number | null {
  for (const p of paras) {
    for (const s of p.text.split(/[。；;]/)) {
      const m = PAGE_LIMIT.exec(s);
      if (m && PAGE_SUBJECT.test(s)) return Number(m[1]);
    }
  }
  return null;
}

const FORMAT_WORDS =
  /(宋体|仿宋|黑体|楷体|字体|字号|[小]?[一二三四五]号字?|行距|行间距|页边距|A4|A3|双面|单面|胶装|装订|页眉|页脚|页码|封面|彩色打印|黑色字体|排版|首行缩进)/;

/** Layout rules the bid must follow, as sentences of the tender. */
export function extractFormatRules(paras: Paragraph[]): string[] {
  const out: string[] = [];
  for (const p of paras) {
    // A table row (前附表: 6 | 投标文件格式 | 技术部分正文采用宋体小四号字…): its cells that are sentences.
    const body = p.text.includes('\t')
      ? p.text
          .split('\t')
          .filter((c) => c.trim().length >= 10)
          .join('。')
      : p.text;
    for (const raw of body.split(/(?<=[。；;])/)) {
      const e = parseEnumerator(raw.trim());
      const s = (e && e.style !== 'chapter' ? e.rest : raw).trim();
      if (s.length < 6 || s.length > 200 || !FORMAT_WORDS.test(s)) continue;
      // Counts of copies and sealing are submission rules, not layout.
      if (/正本|副本|密封|签字|盖章/.test(s) && !/字体|行距|装订|胶装/.test(s)) continue;
      if (!out.includes(s)) out.push(truncate(s, 500));
    }
  }
  return out.slice(0, 40);
}

const QUOTED = /[《【“"]([^《》【】“”"\n]{2,30}?表)[》】”"]/g;
const NAMED = /([\u4e00-\u9fa5]{2,24}?(?:响应及偏离表|响应偏离表|偏离表|响应表|应答表))/g;

/**
 * Names of the response / deviation tables (and other tables to fill) the tender asks for: the
 * names it quotes (《服务要求响应及偏离表》), read from whole paragraphs so a name a PDF wrapped
 * stays whole; a bare name (…提供技术参数偏离表) only when the tender quotes none.
 */
export function extractResponseTables(r: Reading): string[] {
  const quoted: string[] = [];
  const bare: string[] = [];
  const keep = (list: string[], raw: string) => {
    const name = raw
      .trim()
      .replace(/^(填写|提交|提供|附|须附|应附|编制|按照|包括|并|及|和|的)+/, '')
      .replace(/^[、]/, '');
    if (name.length < 4 || /声明函|承诺书|代表$|一览表$|报价表$|分项报价|[、，,的]|是否/.test(name)) return;
    if (!list.includes(name)) list.push(name);
  };
  for (const b of r.blocks) {
    const text = b.kind === 'row' ? b.cells.join(' ') : b.text;
    for (const m of text.matchAll(QUOTED)) keep(quoted, m[1]);
    if (b.kind === 'row') continue;
    // A heading that is a table's name (四、服务要求响应及偏离表) names it too.
    const body = bodyOf(b);
    if (
      (b.kind === 'heading' || b.kind === 'item') &&
      /^[\u4e00-\u9fa5（）()]{4,24}(响应|偏离|应答)[^，。；]*表$/.test(body)
    )
      keep(bare, body);
    for (const m of text.matchAll(NAMED)) keep(bare, m[1]);
  }
  const out = quoted.length ? [...quoted, ...bare.filter((n) => quoted.includes(n))] : bare;
  return [...new Set(out)].slice(0, 30);
}

const DATE_LABELS =
  /(投标文件递交的截止时间|递交投标文件截止时间|投标文件递交截止时间|投标截止时间|投标文件截止时间|响应文件提交截止时间|提交响应文件截止时间|提交投标文件截止时间|递交响应文件截止时间|响应文件递交截止时间|开标时间|开标日期|磋商时间|谈判时间|获取招标文件时间|获取采购文件时间|获取磋商文件时间|答疑时间|澄清截止时间|现场踏勘|踏勘现场时间|公告期限|公示期限)\s*[：:]\s*([^\n；;]+)/;

export function extractKeyDates(lines: Line[]): KeyDate[] {
  const out: KeyDate[] = [];
  const seen = new Set<string>();
  for (const l of lines) {
    const m = DATE_LABELS.exec(l.text);
    if (!m || seen.has(m[1])) continue;
    seen.add(m[1]);
    out.push({
      label: m[1],
      value: truncate(m[2].trim().replace(/[。，,]+$/, ''), 200),
      source: { start: l.start, end: l.end },
    });
  }
  return out;
}

const QUAL_HEAD = /(资格要求|资格条件|投标人资格|供应商资格|合格投标人|合格供应商|申请人的资格)/;

/**
 * The qualification requirements, one row per condition, each whole across line wraps and page
 * breaks and with its span: the items under the 资格要求 heading; a lead-in (本项目的特定资格要求：)
 * gives way to the items under it. The list ends at the next part or at the first paragraph that
 * is not an item (供应商不符合上述资格要求的…).
 */
export function extractQualifications(r: Reading): Array<{ text: string; source: SourceSpan }> {
  const { blocks } = r;
  const at = blocks.findIndex(
    (b) => b.kind !== 'row' && b.kind !== 'chapter' && b.text.length <= 40 && QUAL_HEAD.test(b.text),
  );
  if (at < 0) return [];
  const top = depthOf(blocks[at].style);
  const out: Array<{ text: string; source: SourceSpan }> = [];
  for (let i = at + 1; i < blocks.length && out.length < 30; i++) {
    const b = blocks[i];
    if (b.kind === 'chapter') break;
    if (b.kind === 'heading' && depthOf(b.style) <= top) break;
    if (b.kind === 'prose') {
      if (out.length) break;
      continue;
    }
    if (b.kind !== 'item') continue;
    if (blocks[at].kind === 'item' && depthOf(b.style) <= top) break;
    const text = bodyOf(b)
      .replace(/[；;。]$/, '')
      .trim();
    if (/[：:]$/.test(text) && text.length <= 40) continue;
    if (text.length >= 2) out.push({ text: truncate(text, 2000), source: { start: b.start, end: b.end } });
  }
  return out;
}
