import { rawLinesOf, type Line } from './lines.ts';

/**
 * How amendments (补遗 / 澄清 / 更正公告) state a change, whatever it changes: one reading of the
 * common Chinese wordings, so each kind of change (限价, 页数, 分值, 日期) is one test on what is
 * changed, not one sentence pattern per kind.
 *   最高限价调整为450万元 / 变更为 / 修改为 / 更正为 / 改为 / 调整至
 *   最高限价由500万元调整为450万元 / 从…变更为…
 *   原最高限价为500万元，现调整为450万元
 *   原文：最高限价：500万元 ⏎ 现更正为：最高限价：450万元   (lines, also 更正前/更正后)
 *   更正项目 | 更正前 | 更正后   (a table, one row per change)
 */

export interface Statement {
  /** What the change names (最高限价, 包1最高投标限价, 投标截止时间), as written. */
  subject: string;
  /** The old value when the amendment states it. */
  before: string | null;
  after: string;
  /** The passage (offsets into the amendment text) and its words. */
  start: number;
  end: number;
  text: string;
  /** 'sentence': one sentence states it; 'pair' and 'table': lines or cells state old and new apart. */
  origin: 'sentence' | 'pair' | 'table';
}

const VERB = '(?:调整|变更|修改|更正|更改|修正|改)';
const TO = `${VERB}(?:为|至|成)`;
const FROM_RE = new RegExp(`^(.*?)(?:由|从)(.+?)${TO}[：:]?\\s*(.+)$`);
const WAS_RE = new RegExp(`^原(.+?)[，,；;]\\s*现(?:${TO}|为|${VERB})[：:]?\\s*(.+)$`);
const TO_RE = new RegExp(`^(.*?)${TO}[：:]?\\s*(.+)$`);
const ENUM_RE =
  /^\s*(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d+[、.．](?!\d)|第[一二三四五六七八九十\d]+[条项][：:、.]?)\s*/;

/** A subject without its enumerator and lead words (将, 招标文件中的) or a trailing 的/均. */
export function cleanSubject(s: string): string {
  return s
    .replace(ENUM_RE, '')
    .replace(/^(?:现将|现|将|把|本项目的?|招标文件(?:中|中的|的)?)/, '')
    .replace(/(?:的|均|统一|一律|[：:，,\s])+$/, '')
    .trim();
}

/** 最高限价为500万元 / 最高限价：500万元 / 最高限价500万元 → [最高限价, 500万元]. */
function splitOld(s: string): [string, string | null] {
  const m = /^(.*?)(?:为|是|[：:])\s*(.+)$/.exec(s) ?? /^(.*?)([¥￥]|人民币|\d)(.*)$/.exec(s);
  if (!m) return [s, null];
  return m.length === 4 ? [m[1], m[2] + m[3]] : [m[1], m[2]];
}

/** The label before a 「label：value」 (最高限价：450万元 → 最高限价), else null. */
function labelOf(s: string): [string, string] | null {
  const m = /^([^：:，,。]{2,30})[：:]\s*(.+)$/.exec(s.trim());
  return m ? [m[1], m[2]] : null;
}

const OLD_LINE =
  /^\s*(?:原(?:文|内容|公告|条款|表述|规定|招标文件)?|(?:更正|变更|修改|调整)前(?:内容)?)\s*[：:]\s*(.*)$/;
const NEW_LINE =
  /^\s*(?:现?(?:更正|变更|修改|调整|更改)(?:后(?:内容)?|为)|现(?:内容|为|改为)|改为)\s*[：:]\s*(.*)$/;

function sentenceStatements(line: Line): Statement[] {
  const out: Statement[] = [];
  let at = 0;
  for (const part of line.text.split(/(?<=[。；;])/)) {
    const start = line.start + at;
    at += part.length;
    const t = part.replace(/[。；;]$/, '').trim();
    if (!t || t.includes('\t')) continue;
    const push = (subject: string, before: string | null, after: string) => {
      const s = cleanSubject(subject);
      if (s && after.trim())
        out.push({
          subject: s,
          before: before?.trim() || null,
          after: after.trim(),
          start,
          end: start + part.length,
          text: part.trim(),
          origin: 'sentence',
        });
    };
    const was = WAS_RE.exec(t);
    if (was) {
      const [subject, before] = splitOld(was[1]);
      push(subject, before, was[2]);
      continue;
    }
    const from = FROM_RE.exec(t);
    if (from && cleanSubject(from[1])) {
      push(from[1], from[2], from[3]);
      continue;
    }
    const to = TO_RE.exec(t);
    if (to) push(to[1], null, to[2]);
  }
  return out;
}

/** 原文：… followed by 现更正为：… (the next non-empty line). */
function pairStatement(lines: Line[], i: number): Statement | null {
  const old = OLD_LINE.exec(lines[i].text);
  if (!old) return null;
  let j = i + 1;
  while (j < lines.length && !lines[j].text.trim()) j++;
  const now = j < lines.length ? NEW_LINE.exec(lines[j].text) : null;
  if (!now || !now[1].trim()) return null;
  const a = labelOf(old[1]);
  const b = labelOf(now[1]);
  // The label the old side gives (最高限价：…) is the subject, its value the old one; the new side
  // drops the same label. Without a label the old words name what changed.
  const subject = a ? a[0] : old[1];
  const before = a ? a[1] : old[1];
  const after = a && b && a[0] === b[0] ? b[1] : now[1];
  return {
    subject: cleanSubject(subject),
    before: before.trim() || null,
    after: after.trim(),
    start: lines[i].start,
    end: lines[j].end,
    text: `${lines[i].text.trim()}\n${lines[j].text.trim()}`,
    origin: 'pair',
  };
}

/** Rows of a table whose header has a 更正前 and a 更正后 column. */
function tableStatements(lines: Line[]): Statement[] {
  const out: Statement[] = [];
  let cols: { subject: number; before: number; after: number } | null = null;
  for (const line of lines) {
    if (!line.text.includes('\t')) {
      cols = null;
      continue;
    }
    const cells = line.text.split('\t').map((c) => c.trim());
    const before = cells.findIndex((c) => /(?:更正|变更|修改|调整)前|^原(?:内容|文|表述)?$/.test(c));
    const after = cells.findIndex((c) => /(?:更正|变更|修改|调整)后|^现(?:内容|表述)?$/.test(c));
    if (before >= 0 && after > before) {
      // The subject is the column before the old one that is no 序号.
      const subject = before > 0 && !/序号/.test(cells[before - 1]) ? before - 1 : Math.max(0, before - 1);
      cols = { subject, before, after };
      continue;
    }
    if (!cols || !cells[cols.after]) continue;
    out.push({
      subject: cleanSubject(cells[cols.subject] ?? ''),
      before: cells[cols.before] || null,
      after: cells[cols.after],
      start: line.start,
      end: line.end,
      text: line.text.trim(),
      origin: 'table',
    });
  }
  return out;
}

/** Every change an amendment's text states, in its order. */
export function statementsOf(text: string): Statement[] {
  const lines = rawLinesOf(text);
  const out: Statement[] = [];
  lines.forEach((line, i) => {
    const pair = pairStatement(lines, i);
    if (pair) out.push(pair);
    else if (!OLD_LINE.test(line.text) && !NEW_LINE.test(line.text)) out.push(...sentenceStatements(line));
  });
  out.push(...tableStatements(lines));
  return out.sort((a, b) => a.start - b.start);
}
