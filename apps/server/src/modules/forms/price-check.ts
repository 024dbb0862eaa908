import { parseUpper, rmbLower } from '@bid/shared';

/**
 * The one 报价 against every place a chapter states a price by hand: a 小写 amount after
 * 投标报价 / 投标总价 / 报价, a 大写 amount after 人民币. Evaluators read a 大写 that disagrees with
 * the 开标一览表 as the bid's price (or reject the bid), so each disagreement is named.
 */
const LOWER_RE = /(?:投标|响应|磋商)?(?:总)?(?:报价|总价)[^。；\n]{0,16}?[¥￥]\s*([\d,]+(?:\.\d{1,2})?)/g;
const UPPER_RE =
  /人民币\s*(?:[（(]大写[)）])?[:：]?\s*([零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+元[零壹贰叁肆伍陆柒捌玖角分整]*)/g;

export function priceDisagreements(
  price: number,
  chapters: Array<{ title: string; text: string }>,
): string[] {
  const cents = Math.round(price * 100);
  const out: string[] = [];
  for (const c of chapters) {
    for (const m of c.text.matchAll(LOWER_RE)) {
      const v = Number(m[1].replace(/,/g, ''));
      if (Number.isFinite(v) && Math.round(v * 100) !== cents)
        out.push(`报价不一致：“${c.title}”写的是 ¥${m[1]}，报价为 ${rmbLower(price)}`);
    }
    for (const m of c.text.matchAll(UPPER_RE)) {
      const v = parseUpper(m[1]);
      if (v !== null && Math.round(v * 100) !== cents)
        out.push(`报价大写不一致：“${c.title}”写的是 人民币${m[1]}，报价为 ${rmbLower(price)}`);
    }
  }
  return [...new Set(out)];
}
