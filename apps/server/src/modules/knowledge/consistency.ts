import type { BidFinding, TenderAnalysis } from '@bid/shared';
import { parseUpper } from './money.ts';

/** The terms every part of a bid must state alike. */
export interface BidTerms {
  period: string | null;
  warranty: string | null;
  validity: string | null;
}

const NUM = '[\\d一二两三四五六七八九十百]+';
const UNIT = '(?:日历天|个日历日|天|日|个月|月|年)';
const DURATION = new RegExp(`${NUM}\\s*${UNIT}`);

/** 九十 -> 90, 三 -> 3, 120 -> 120 (numbers a tender writes out, up to 999). */
function cnNumber(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const d: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
  let total = 0;
  let cur = 0;
  for (const c of s) {
    if (c in d) cur = d[c];
    else if (c === '十') {
      total += (cur || 1) * 10;
      cur = 0;
    } else if (c === '百') {
      total += (cur || 1) * 100;
      cur = 0;
    }
  }
  return total + cur;
}

/** One spelling of a duration: 九十日历天 -> 90日历天, 3 年 -> 3年. */
export function norm(s: string): string {
  const m = new RegExp(`(${NUM})\\s*(${UNIT})`).exec(s.replace(/\s+/g, ''));
  if (!m) return s.replace(/\s+/g, '');
  return `${cnNumber(m[1])}${m[2] === '个日历日' ? '日历天' : m[2] === '月' ? '个月' : m[2]}`;
}

function durationAfter(label: RegExp, texts: string[]): string | null {
  for (const t of texts) {
    const m = new RegExp(`(?:${label.source})[^。；;\\n]{0,20}?(${NUM}\\s*${UNIT})`).exec(t);
    if (m) return norm(m[1]);
  }
  return null;
}

/** 工期, 质保期 and 投标有效期 as the tender demands them (facts, requirements, ★ clauses, then the text). */
export function bidTermsOf(a: TenderAnalysis, tenderText = ''): BidTerms {
  const texts = [
    a.project.period ?? '',
    ...a.requirements.map((r) => r.text),
    ...a.starClauses.map((c) => c.text),
    ...a.qualifications,
    ...a.keyDates.map((k) => `${k.label}：${k.value}`),
    tenderText,
  ];
  const stated = a.project.period ? DURATION.exec(a.project.period)?.[0] : undefined;
  const period = stated ? norm(stated) : durationAfter(/工期|服务期|交货期|供货期/, texts);
  return {
    period,
    warranty: durationAfter(/质保期|保修期|质量保证期/, texts),
    validity: durationAfter(/投标有效期/, texts),
  };
}

/** The opening date (开标) of the tender as YYYY-MM-DD, or null. */
export function openingDateOf(a: Pick<TenderAnalysis, 'keyDates'>): string | null {
  for (const k of a.keyDates) {
    if (!/开标|递交|截止/.test(k.label)) continue;
    const m = /(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})/.exec(k.value);
    if (m) return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  }
  return null;
}

/**
 * 工期, 质保期, 投标有效期 and the offer amount stated anywhere in the bid must agree with the
 * tender's terms (and with each other): one finding per chapter that says something else.
 */
export function checkConsistency(
  terms: BidTerms,
  price: number | null,
  chapters: Array<{ title: string; text: string }>,
): BidFinding[] {
  const out: BidFinding[] = [];
  const checks: Array<[keyof BidTerms, string, RegExp]> = [
    ['period', '工期', new RegExp(`(?:工期|服务期|交货期)(?:为|是|：|:)?\\s*(${NUM}\\s*${UNIT})`, 'g')],
    [
      'warranty',
      '质保期',
      new RegExp(`(?:质保期|保修期|质量保证期)(?:为|是|：|:)?\\s*(${NUM}\\s*${UNIT})`, 'g'),
    ],
    ['validity', '投标有效期', new RegExp(`投标有效期(?:为|是|：|:)?\\s*(${NUM}\\s*${UNIT})`, 'g')],
  ];
  for (const [key, label, re] of checks) {
    const seen = new Map<string, string[]>();
    for (const c of chapters) {
      for (const m of c.text.matchAll(re)) {
        const v = norm(m[1]);
        seen.set(v, [...(seen.get(v) ?? []), c.title]);
      }
    }
    const want = terms[key] ? norm(terms[key]!) : null;
    const values = [...seen.keys()];
    const wrong = want ? values.filter((v) => v !== want) : values.length > 1 ? values.slice(1) : [];
    for (const v of wrong) {
      const where = [...new Set(seen.get(v))].slice(0, 3).join('、');
      out.push({
        kind: 'inconsistent',
        message: `${label}不一致：“${where}”写的是 ${v}，${want ? `招标文件要求 ${want}` : `其他章节写的是 ${values[0]}`}`,
      });
    }
  }
  if (price) {
    const cents = Math.round(price * 100);
    for (const c of chapters) {
      for (const m of c.text.matchAll(/投标(?:总)?报价[^。\n]{0,12}?[¥￥]\s*([\d,]+(?:\.\d+)?)/g)) {
        if (Math.round(Number(m[1].replace(/,/g, '')) * 100) !== cents)
          out.push({
            kind: 'inconsistent',
            message: `报价不一致：“${c.title}”写的是 ¥${m[1]}，商务标报价为 ¥${price.toFixed(2)}`,
          });
      }
      for (const m of c.text.matchAll(/人民币([零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+)/g)) {
        const v = parseUpper(m[1]);
        if (v !== null && Math.round(v * 100) !== cents)
          out.push({ kind: 'inconsistent', message: `报价大写不一致：“${c.title}”写的是 人民币${m[1]}` });
      }
    }
  }
  return out;
}
