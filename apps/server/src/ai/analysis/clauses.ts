import type { Requirement, SourceSpan, StarClause } from '@bid/shared';
import { parseEnumerator, truncate } from '../tender-text.ts';
import { lotMarker } from './facts.ts';
import { isChapterHeading, type Line, type Paragraph } from './lines.ts';

/** ★/▲ clauses, disqualification clauses and the stated requirements, each with its offsets. */

/** The 包 each offset falls under: a 包 marker line holds until the next chapter heading. */
export function lotIndex(lines: Line[]): (offset: number) => number | null {
  const marks: Array<{ at: number; lot: number | null }> = [];
  for (const l of lines) {
    if (isChapterHeading(l.text)) marks.push({ at: l.start, lot: null });
    else if (!l.text.includes('\t')) {
      const n = lotMarker(l.text);
      if (n != null) marks.push({ at: l.start, lot: n });
    }
  }
  return (offset) => {
    let lot: number | null = null;
    for (const m of marks) {
      if (m.at > offset) break;
      lot = m.lot;
    }
    return lot;
  };
}

/** The text of a line or table row without its enumerator or sequence cell. */
function rowText(t: string): string {
  const cells =
    t.includes('\t') || /^\s*\|/.test(t)
      ? t
          .split(/\t|\|/)
          .map((c) => c.trim())
          .filter(Boolean)
      : [t.trim()];
  while (cells.length > 1 && /^\d{1,3}$/.test(cells[0])) cells.shift();
  let s = cells.join(' ');
  const e = parseEnumerator(s);
  if (e && e.style !== 'chapter') s = e.rest;
  return s.trim();
}

/** A line that is a ★/▲ clause: the mark opens it (after an enumerator or a sequence cell). */
function marked(t: string): { mark: '★' | '▲'; text: string } | null {
  const m = /^([★▲])\s*(.+)$/.exec(rowText(t));
  if (!m) return null;
  // ★3. 成果须… : the enumerator may follow the mark.
  const e = parseEnumerator(m[2]);
  const text = (e && e.style !== 'chapter' ? e.rest : m[2]).trim();
  if (/^号/.test(text) || text.length < 2) return null;
  return { mark: m[1] as '★' | '▲', text };
}

export function extractStarClauses(paras: Paragraph[], lotAt: (o: number) => number | null): StarClause[] {
  const out: StarClause[] = [];
  const seen = new Set<string>();
  for (const p of paras) {
    const m = marked(p.text);
    if (!m || seen.has(m.text)) continue;
    seen.add(m.text);
    out.push({
      mark: m.mark,
      text: truncate(m.text, 2000),
      lot: lotAt(p.start),
      source: { start: p.start, end: p.end },
    });
  }
  return out.slice(0, 300);
}

const DISQUALIFY =
  /(废标|无效投标|投标无效|否决其投标|否决投标|投标将被否决|作无效|按无效|无效处理|不予受理|无效响应|响应无效|响应文件无效|视为无效|投标将被拒绝|资格审查不合格|不予评审|不予评分|其投标无效)/;
const LEAD_IN = /(下列|以下)(情形|情况|行为)?之一|如下(情形|情况)|情形[：:]$|情形如下/;

function sentencesOf(p: Paragraph): Array<{ text: string; start: number; end: number }> {
  const out: Array<{ text: string; start: number; end: number }> = [];
  const re = /[^。；;！!？?]+[。；;！!？?]?/g;
  for (const m of p.text.matchAll(re)) {
    const text = m[0].trim();
    if (!text) continue;
    const start = p.start + (m.index ?? 0);
    out.push({ text, start, end: Math.min(p.end, start + m[0].length) });
  }
  return out;
}

const clean = (s: string) => {
  const e = parseEnumerator(s);
  return (e && e.style !== 'chapter' ? e.rest : s).replace(/^[★▲]\s*(?!号)/, '').trim();
};

/**
 * Disqualification clauses: sentences that say a bid is void or rejected, and the items listed
 * under a lead-in that does (有下列情形之一的，其投标无效：(1)…(2)…).
 */
export function extractDisqualifications(paras: Paragraph[]): Array<{ text: string; source: SourceSpan }> {
  const out: Array<{ text: string; source: SourceSpan }> = [];
  const seen = new Set<string>();
  const push = (text: string, start: number, end: number) => {
    const c = clean(text);
    if (
      c.length < 6 ||
      seen.has(c) ||
      /情形[：:]?$|^(无效响应|否决投标|投标无效|无效投标)(的情形)?[：:]?$/.test(c)
    )
      return;
    seen.add(c);
    out.push({ text: truncate(c, 2000), source: { start, end } });
  };
  for (let i = 0; i < paras.length; i++) {
    const p = paras[i];
    const lead = DISQUALIFY.test(p.text) && LEAD_IN.test(p.text) && /[：:]$/.test(p.text.trim());
    for (const s of sentencesOf(p))
      if (DISQUALIFY.test(s.text) && !(lead && /[：:]$/.test(s.text))) push(s.text, s.start, s.end);
    if (!lead) continue;
    const style = parseEnumerator(paras[i + 1]?.text ?? '')?.style;
    for (let j = i + 1; j < paras.length && j <= i + 30; j++) {
      const e = parseEnumerator(paras[j].text);
      if (!e || e.style !== style || e.style === 'chapter') break;
      push(paras[j].text, paras[j].start, paras[j].end);
    }
  }
  return out.slice(0, 150);
}

const REQ_HEAD =
  /(采购需求|技术参数|技术要求|服务要求|服务内容|实质性要求|需求书|技术规格|参数要求|商务要求|人员配置要求|规划编制要求|主要设备技术要求|售后服务要求)/;

/** A heading that names a form or table to fill in (服务要求响应表), not the requirements themselves. */
const FORM_HEAD = /响应表|偏离表|响应情况|一览表|格式|范本|承诺函/;
/**
 * Parts of a tender that are never 采购需求 even when they follow it without a 第X章 heading:
 * instructions to bidders, contract terms, evaluation rules, the bid format, complaint templates.
 */
const NOT_REQ_HEAD =
  /^(附件|附录|附表)|投标人须知|供应商须知|合同(主要)?条款|合同条款及格式|质疑|投诉|评标(方法|办法)|评审(方法|办法)|评分(标准|办法)|投标文件(格式|的组成)|响应文件(格式|的组成)|开标|资格(审查|性审查)|符合性审查|政府采购政策/;

/** Each stated requirement under 采购需求 / 技术参数 / 服务要求 headings: list items and table rows. */
export function extractRequirements(lines: Paragraph[], lotAt: (o: number) => number | null): Requirement[] {
  const out: Requirement[] = [];
  let inReq = false;
  // A requirements part opened by a sub-heading (一、服务要求) ends at the next heading of its level;
  // one opened by a chapter heading (第二章 采购需求) runs to the next chapter.
  let openedBy: string | null = null;
  for (const l of lines) {
    const t = l.text.trim();
    if (!t) continue;
    if (isChapterHeading(t)) {
      inReq = REQ_HEAD.test(t) && !FORM_HEAD.test(t);
      openedBy = null;
      continue;
    }
    const e = parseEnumerator(t.replace(/^[★▲]\s*/, ''));
    const short = t.length <= 30 && !/[，。；]/.test(t);
    if (short && NOT_REQ_HEAD.test(e && e.style !== 'chapter' ? e.rest.trim() : t)) {
      inReq = false;
      openedBy = null;
      continue;
    }
    if (short && REQ_HEAD.test(t)) {
      if (FORM_HEAD.test(t)) {
        if (openedBy) inReq = false;
        continue;
      }
      if (!inReq) openedBy = e?.style ?? 'plain';
      inReq = true;
      continue;
    }
    if (short && openedBy && e && e.style === openedBy) {
      // The next sibling heading of the one that opened the part: the part is over.
      inReq = false;
      openedBy = null;
      continue;
    }
    if (!inReq) continue;
    const isRow = t.includes('\t') || /^\|.*\|$/.test(t);
    if (!isRow && !e && !/^[★▲]/.test(t)) continue;
    const text = rowText(t).replace(/^[★▲]\s*/, '');
    const body = parseEnumerator(text);
    const stated = (body && body.style !== 'chapter' ? body.rest : text).trim();
    // Header rows, sub-headings and list lead-ins are not requirements.
    if (
      stated.length < 6 ||
      /^(序号|参数名称|参数要求|设备名称)/.test(stated) ||
      (/[：:]$/.test(stated) && stated.length <= 20)
    )
      continue;
    // Table rule rows (--- ---) and short untitled sub-headings (质量保证与售后服务) state nothing.
    if (!/[\p{Script=Han}A-Za-z0-9]/u.test(stated)) continue;
    if (!isRow && !e && stated.length <= 14 && !/[\d≥≤%]|[应须不得]/.test(stated)) continue;
    const m = marked(t);
    out.push({
      id: `R${out.length + 1}`,
      text: truncate(stated, 2000),
      star: m?.mark === '★',
      mark: m?.mark ?? null,
      lot: lotAt(l.start),
      source: { start: l.start, end: l.end },
    });
    if (out.length >= 300) break;
  }
  return out;
}
