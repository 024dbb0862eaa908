/**
 * Amounts of money as a bid writes them: 小写 ¥1,234,567.80 and 人民币大写 壹佰贰拾叁万肆仟伍佰陆拾柒元捌角.
 * One converter for the server (forms, 商务标, checks) and the web (the 报价 screen shows the 大写 as
 * the writer types), so the two never spell an amount differently.
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];

/** The largest amount written (9999 亿 and change): its fen stay exact in a double, and no bid is larger. */
export const RMB_MAX = 999_999_999_999.99;

/** 0..9999 in 大写 without its group name; zeros inside a group become one 零 (1001 -> 壹仟零壹). */
function fourDigits(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      zero = out.length > 0;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + UNITS[i];
  }
  return out;
}

/**
 * 人民币大写 of an amount in yuan, rounded to the fen: 100000 -> 壹拾万元整, 10010001 -> 壹仟零壹万零壹元整,
 * 120050000.05 -> 壹亿贰仟零伍万元零伍分, 0.5 -> 零元伍角整. A group that starts below 仟 after a
 * higher one is preceded by 零 (壹万零伍佰元), an empty group gives one 零 before the next non-empty one.
 * 整 closes an amount without 分 (the usual 财政 spelling: 元整, 角整).
 */
export function rmbUpper(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0 || amount > RMB_MAX) throw new RangeError('amount');
  const fen = Math.round(amount * 100);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let int = '';
  if (yuan === 0) int = '零';
  else {
    const groups: number[] = [];
    for (let y = yuan; y > 0; y = Math.floor(y / 10000)) groups.push(y % 10000);
    let pendingZero = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const v = groups[g];
      if (v === 0) {
        pendingZero = int.length > 0;
        continue;
      }
      if (int && (pendingZero || v < 1000)) int += '零';
      pendingZero = false;
      int += fourDigits(v) + GROUPS[g];
    }
  }
  let out = `${int}元`;
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao) out += `${DIGITS[jiao]}角`;
  else if (yuan) out += '零';
  if (cents) out += `${DIGITS[cents]}分`;
  else out += '整';
  return out;
}

/** 小写 with the yuan sign, thousands separators and two decimals: ¥12,345,678.90. */
export function rmbLower(amount: number): string {
  return `¥${rmbPlain(amount)}`;
}

/** 小写 without the sign (for a blank that already has ¥ or 元 around it): 12,345,678.90. */
export function rmbPlain(amount: number): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Reads a 大写 amount back (the consistency checks): 壹佰万元整 -> 1000000; null when none is found. */
export function parseUpper(s: string): number | null {
  const m =
    /([零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+)元(?:([零壹贰叁肆伍陆柒捌玖])角)?(?:零?([壹贰叁肆伍陆柒捌玖])分)?/.exec(
      s,
    );
  if (!m) return null;
  const digit = (c: string) => DIGITS.indexOf(c);
  let total = 0;
  let section = 0;
  let num = 0;
  for (const c of m[1]) {
    const d = digit(c);
    if (d >= 0) {
      num = d;
      continue;
    }
    const unit = c === '拾' ? 10 : c === '佰' ? 100 : c === '仟' ? 1000 : 0;
    if (unit) {
      section += (num || 1) * unit;
      num = 0;
    } else if (c === '亿') {
      total = (total + section + num) * 100_000_000;
      section = 0;
      num = 0;
    } else if (c === '万') {
      // 万 after 亿 multiplies only what came since the 亿 (壹亿贰仟万).
      total += (section + num) * 10_000;
      section = 0;
      num = 0;
    }
  }
  total += section + num;
  return total + (m[2] ? digit(m[2]) / 10 : 0) + (m[3] ? digit(m[3]) / 100 : 0);
}
