import type { BidTermValues } from '@bid/shared';
import { parseAmount } from '../../ai/analysis/money.ts';
import { norm } from '../knowledge/consistency.ts';
import { amountDisagreements, type AmountScan } from './price-check.ts';
import { measure, PRICE_SHEET } from './terms-check.ts';

/**
 * The 工期, 质保期, 投标有效期 and 投标总价 a chapter states by hand against the bid's own (the
 * 报价 sheet's). Only a sentence that states a value as the bid's counts: the label, then 为 / 是 /
 * ：, then the value in the same clause. A clause that quotes a limit (不超过 / 不少于 / 以内 /
 * 要求 / 最高限价 …) is the tender's requirement, not the bid's value, and is never flagged: a
 * false alarm on a blocking check costs the writer more than the rare miss.
 */

const NUM = '[\\d一二两三四五六七八九十百]+';
const UNIT = '(?:日历天|个日历日|天|日|个月|月|年)';

const LABELS: Array<[keyof BidTermValues, string, string]> = [
  ['period', '工期', '(?:计划|承诺)?(?:工期|交货期|供货期)'],
  ['warranty', '质保期', '(?:免费)?(?:质保期|保修期|质量保证期)'],
  ['validity', '投标有效期', '投标有效期'],
];

/** Words that make a clause a limit or a quotation of the tender rather than the bid's own value. */
const NOT_OWN =
  /不超过|不得超过|不大于|不多于|不少于|不得少于|不低于|不短于|不小于|最长|最短|最多|至少|以内|之内|以上|以下|≤|≥|<|>|要求|规定|招标文件|采购文件|磋商文件|最高限价|控制价|预算|限价|下限/;

/** The clause (between ，。；and line ends) around position `at`. */
function clauseAt(text: string, at: number, end: number): string {
  const stop = /[，,。；;！？\n]/;
  let from = at;
  while (from > 0 && !stop.test(text[from - 1])) from--;
  let to = end;
  while (to < text.length && !stop.test(text[to])) to++;
  return text.slice(from, to);
}

/**
 * One finding per chapter and term that states another value than the bid's, naming both. Values
 * in different units (90日历天 / 3个月) are not compared: a month is no fixed count of days.
 */
export function termDisagreements(
  terms: BidTermValues,
  chapters: Array<{ title: string; text: string }>,
): string[] {
  const out: string[] = [];
  for (const [key, label, pattern] of LABELS) {
    const own = terms[key];
    const want = own ? measure(own) : null;
    if (!own || !want) continue;
    // 投标有效期为自投标截止之日起90日历天: the start it counts from may stand between label and value.
    const re = new RegExp(`${pattern}\\s*(?:为|是|：|:)[^，,。；;\\n\\d]{0,20}?(${NUM})\\s*(${UNIT})`, 'g');
    for (const c of chapters) {
      for (const m of c.text.matchAll(re)) {
        const at = m.index ?? 0;
        if (NOT_OWN.test(clauseAt(c.text, at, at + m[0].length))) continue;
        const stated = norm(`${m[1]}${m[2]}`);
        const got = measure(stated);
        if (!got || got.unit !== want.unit || got.n === want.n) continue;
        out.push(`${label}不一致：“${c.title}”写的是 ${stated}，本投标为 ${norm(own)}（见${PRICE_SHEET}）`);
      }
    }
  }
  return [...new Set(out)];
}

/** 投标总价为1188万元 / 投标报价：11,880,000.00元: an amount in 元 or 万元 after the bid's own price. */
const PRICE_RE =
  /(?:投标|响应|磋商)(?:总)?(?:报价|总价)(?:金额)?\s*(?:为|是|：|:)\s*(?:人民币)?\s*(?:[（(]小写[)）])?[:：]?\s*(\d[\d,]*(?:\.\d{1,2})?\s*(?:万元|元))/g;

const PRICE_IN_YUAN_SCAN: AmountScan = {
  re: PRICE_RE,
  value: parseAmount,
  what: '报价不一致',
  quote: (s) => s.replace(/\s+/g, ''),
  own: (m, text) => {
    const at = m.index ?? 0;
    return !NOT_OWN.test(clauseAt(text, at, at + m[0].length));
  },
};

/** 投标总价 written in 元 or 万元 without a ¥ mark (price-check reads the ¥ and 大写 forms). */
export function priceInYuanDisagreements(
  price: number,
  chapters: Array<{ title: string; text: string }>,
): string[] {
  return amountDisagreements(price, chapters, [PRICE_IN_YUAN_SCAN]);
}
