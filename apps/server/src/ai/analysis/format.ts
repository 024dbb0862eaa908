import type { KeyDate } from '@bid/shared';
import { parseEnumerator, truncate } from '../tender-text.ts';
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
    if (p.text.includes('\t')) continue;
    for (const raw of p.text.split(/(?<=[。；;])/)) {
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

const TABLE_NAME =
  /[《【“"]([^《》【】“”"\n]{2,30}?表)[》】”"]|([\u4e00-\u9fa5、]{2,24}?(?:响应及偏离表|响应偏离表|偏离表|响应表))/g;

/** Names of the response / deviation tables the tender asks for. */
export function extractResponseTables(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TABLE_NAME)) {
    let name = (m[1] ?? m[2])
      .trim()
      .replace(/^(填写|提交|提供|附|须附|应附|编制|按照|包括|并|及|和|的)+/, '');
    if (name.length < 4 || /声明函|承诺书|代表$|一览表$|报价表$|分项报价/.test(name)) continue;
    name = name.replace(/^[、]/, '');
    if (!out.includes(name)) out.push(name);
  }
  return out.slice(0, 30);
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

export function extractQualifications(lines: Line[]): string[] {
  const texts = lines.map((l) => l.text);
  const start = texts.findIndex(
    (l) =>
      /(资格要求|资格条件|投标人资格|供应商资格|合格投标人|合格供应商|申请人的资格)/.test(l) &&
      l.trim().length <= 40,
  );
  if (start < 0) return [];
  const out: string[] = [];
  let started = false;
  for (let i = start + 1; i < texts.length && out.length < 30; i++) {
    const t = texts[i].trim();
    if (!t) {
      if (started) break;
      continue;
    }
    const en = parseEnumerator(t);
    if (en?.style === 'chapter') break;
    if (!en) {
      if (started) break;
      continue;
    }
    if (started && en.style === 'cn') break;
    started = true;
    out.push(truncate(en.rest.replace(/[；;。]$/, ''), 2000));
  }
  return out;
}
