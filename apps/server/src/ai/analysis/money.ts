/**
 * Amounts of money as tenders write them: 小写 (¥500,000.00, 人民币 50 万元, 3865.42万元) and
 * 大写 (伍拾万元整, 壹佰叁拾伍万元, 贰万柒仟元). Results in yuan.
 */

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  壹: 1,
  一: 1,
  贰: 2,
  二: 2,
  两: 2,
  叁: 3,
  三: 3,
  肆: 4,
  四: 4,
  伍: 5,
  五: 5,
  陆: 6,
  六: 6,
  柒: 7,
  七: 7,
  捌: 8,
  八: 8,
  玖: 9,
  九: 9,
};
const UNITS: Record<string, number> = { 拾: 10, 十: 10, 佰: 100, 百: 100, 仟: 1000, 千: 1000 };
const BIG: Record<string, number> = { 万: 10_000, 亿: 100_000_000 };

/** Value of a Chinese numeral (大写 or 小写 characters), e.g. 壹佰叁拾伍万 = 1350000; null if none. */
export function chineseNumber(s: string): number | null {
  let total = 0;
  let section = 0;
  let digit = 0;
  let seen = false;
  for (const ch of s) {
    if (ch in DIGITS) {
      digit = DIGITS[ch];
      seen = true;
    } else if (ch in UNITS) {
      section += (digit || (seen ? 0 : 1) || 1) * UNITS[ch];
      digit = 0;
      seen = true;
    } else if (ch in BIG) {
      total += (section + digit) * BIG[ch];
      section = 0;
      digit = 0;
      seen = true;
    } else return null;
  }
  return seen ? total + section + digit : null;
}

const CN_AMOUNT =
  /([零〇壹贰叁肆伍陆柒捌玖拾佰仟万亿一二两三四五六七八九十百千]{1,20})\s*(?:元|圆)(?:([零〇壹贰叁肆伍陆柒捌玖一二三四五六七八九])角)?(?:([零〇壹贰叁肆伍陆柒捌玖一二三四五六七八九])分)?/;
const NUM_AMOUNT =
  /(?:[¥￥]\s*|人民币\s*)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(亿元|万元|元|亿|万)?/g;

/** The first amount in a text, in yuan: 小写 with a currency mark or unit first, then 大写. */
export function parseAmount(s: string): number | null {
  for (const m of s.matchAll(NUM_AMOUNT)) {
    const hasMark = /[¥￥]|人民币/.test(m[0]);
    const unit = m[2];
    if (!unit && !hasMark) continue;
    // A percentage or a count of days is not money.
    const after = s.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 2);
    if (!unit && /^[%％日天个年月]/.test(after)) continue;
    const n = Number(m[1].replace(/,/g, ''));
    if (!Number.isFinite(n)) continue;
    const mult =
      unit === '万元' || unit === '万' ? 10_000 : unit === '亿元' || unit === '亿' ? 100_000_000 : 1;
    return Math.round(n * mult * 100) / 100;
  }
  const c = CN_AMOUNT.exec(s);
  if (c) {
    const n = chineseNumber(c[1]);
    if (n != null && n > 0) return n + (c[2] ? DIGITS[c[2]] / 10 : 0) + (c[3] ? DIGITS[c[3]] / 100 : 0);
  }
  return null;
}
