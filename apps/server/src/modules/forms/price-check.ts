import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO, lotsIn, parseUpper, rmbLower } from '@bid/shared';
import { parseAmount } from '../../ai/analysis/money.ts';

/**
 * The one 报价 against every place a chapter states a price by hand: a 小写 amount after
 * 投标报价 / 投标总价 / 报价, a 大写 amount after 人民币. Evaluators read a 大写 that disagrees with
 * the 开标一览表 as the bid's price (or reject the bid), so each disagreement is named.
 */
const LOWER_RE = /(?:投标|响应|磋商)?(?:总)?(?:报价|总价)[^。；\n]{0,16}?[¥￥]\s*([\d,]+(?:\.\d{1,2})?)/g;
const UPPER_RE =
  /人民币\s*(?:[（(]大写[)）])?[:：]?\s*([零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+元[零壹贰叁肆伍陆柒捌玖角分整]*)/g;

/** The 小写 amount after ¥ and the 大写 amount after 人民币. */
const PRICE_SCANS: AmountScan[] = [
  {
    re: LOWER_RE,
    value: (s) => {
      const v = Number(s.replace(/,/g, ''));
      return Number.isFinite(v) ? v : null;
    },
    what: '报价不一致',
    quote: (s) => `¥${s}`,
  },
  { re: UPPER_RE, value: parseUpper, what: '报价大写不一致', quote: (s) => `人民币${s}` },
];

export function priceDisagreements(
  price: number,
  chapters: Array<{ title: string; text: string }>,
): string[] {
  return amountDisagreements(price, chapters, PRICE_SCANS);
}

/** One way a chapter may state the bid's price by hand. */
export interface AmountScan {
  /** Global; group 1 is the amount as the chapter writes it. */
  re: RegExp;
  /** The amount in yuan; null where the words read as no amount. */
  value: (written: string) => number | null;
  /** The finding's head, 报价不一致 or 报价大写不一致. */
  what: string;
  /** The amount as the finding quotes it to the writer. */
  quote: (written: string) => string;
  /** False where the match is not the bid's own statement (a limit the tender sets). */
  own?: (m: RegExpMatchArray, text: string) => boolean;
}

/**
 * Every amount a chapter states that differs from `price` by a cent or more, each finding once.
 * The ¥, 大写 and 元/万元 forms are read by different rules, but they must agree with the one
 * 报价 alike and be worded alike, so one loop serves them all.
 */
export function amountDisagreements(
  price: number,
  chapters: Array<{ title: string; text: string }>,
  scans: AmountScan[],
): string[] {
  const cents = Math.round(price * 100);
  const out: string[] = [];
  for (const c of chapters) {
    for (const s of scans) {
      for (const m of c.text.matchAll(s.re)) {
        if (s.own && !s.own(m, c.text)) continue;
        const v = s.value(m[1]);
        if (v === null || Math.round(v * 100) === cents) continue;
        out.push(`${s.what}：“${c.title}”写的是 ${s.quote(m[1])}，报价为 ${rmbLower(price)}`);
      }
    }
  }
  return [...new Set(out)];
}

/** 最低限价：…, 投标报价下限为…: a floor stated as an amount. */
const FLOOR_LABEL_RE =
  /(?:最低投标限价|最低限价|投标报价下限|报价下限)(?:为|是)?\s*[：:]?\s*([^\n；;。]{1,60})/;
/** 投标报价不得低于…, 报价低于最高限价85%的…: a floor stated beside a price, in money or as a share of the ceiling. */
const FLOOR_BELOW_RE = /报价[^。；;\n]{0,8}?低于\s*([^。；;\n，,]{1,40})/g;
const CEILING_WORD = /最高(?:投标)?限价|招标控制价|控制价|预算/;

/**
 * The lowest price the tender accepts, in yuan, when it states one: a labelled 最低限价, or a
 * price that must not be below an amount or a share of the 最高限价 (`ceiling`, the bid's 包's).
 * 不得低于成本 states no number and is no floor; a share without a known ceiling is none either.
 */
export function priceFloorOf(
  texts: string[],
  ceiling: number | null,
  lot: number | null = null,
): number | null {
  for (const t of lot === null ? texts : texts.flatMap((x) => ownLotParts(x, lot))) {
    const labelled = FLOOR_LABEL_RE.exec(t);
    if (labelled) {
      const v = floorValue(labelled[1], ceiling);
      if (v !== null) return v;
    }
    for (const m of t.matchAll(FLOOR_BELOW_RE)) {
      const v = floorValue(m[1], ceiling);
      if (v !== null) return v;
    }
  }
  return null;
}

const LOT_MENTION = new RegExp(
  `${LOT_WORD_BEFORE_NO}\\s*(?:[1-9]\\d{0,2}|[一二三四五六七八九十])(?!\\d)|第\\s*(?:[1-9]\\d{0,2}|[一二三四五六七八九十])\\s*${LOT_WORD_AFTER_NO}`,
  'g',
);

/**
 * What a text states for 包 `lot`: sentences naming no 包 whole, a sentence naming several (包1最低
 * 限价为400万元，包2最低限价为150万元) from this 包's mention to the next 包's, sentences naming
 * only other 包 not at all. Without it a 包2 bid would be held to 包1's floor.
 */
function ownLotParts(text: string, lot: number): string[] {
  const out: string[] = [];
  for (const sentence of text.split(/(?<=[。\n])/)) {
    const mentions = [...sentence.matchAll(LOT_MENTION)];
    if (!mentions.length) {
      out.push(sentence);
      continue;
    }
    mentions.forEach((m, k) => {
      if (!lotsIn(m[0]).includes(lot)) return;
      // The words before the first mention (最低限价：包1为…) belong to every 包 named after them.
      const head = sentence.slice(0, mentions[0].index);
      const end = k + 1 < mentions.length ? mentions[k + 1].index : sentence.length;
      out.push(head + sentence.slice(m.index, end));
    });
  }
  return out;
}

function floorValue(s: string, ceiling: number | null): number | null {
  if (/成本/.test(s)) return null;
  const share = /(\d+(?:\.\d+)?)\s*[%％]/.exec(s);
  if (share && CEILING_WORD.test(s))
    return ceiling !== null ? Math.round(ceiling * Number(share[1])) / 100 : null;
  if (!/元|[¥￥]|人民币/.test(s)) return null;
  const v = parseAmount(s);
  return v !== null && v > 0 ? v : null;
}
