import type { Lot } from '@bid/shared';
import { truncate } from '../tender-text.ts';
import { lotNumber } from './lot-marker.ts';
import { parseAmount } from './money.ts';
import type { Structure } from './structure.ts';
import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';

/** 采购包 / 标段: the lines that open one 包's part, the 包 a tender lists, and what it states per 包. */

const LOT_NAME_CELL = new RegExp(
  `^(?:${LOT_WORD_BEFORE_NO}|第\\s*[\\d一二三四五六七八九十]+\\s*${LOT_WORD_AFTER_NO})\\s*[\\d一二三四五六七八九十]*$`,
);
const BUDGET_HEAD = /预算|最高限价|限价|控制价/;

/** A statement that names a 包: 采购包1：…, 第一标段：…, 第1包 新能源汽车实训设备，… */
const LOT_NAMED = new RegExp(
  `^(?:[（(]?[一二三四五六七八九十]+[)）、]\\s*)?(?:${LOT_WORD_BEFORE_NO}\\s*([一二三四五六七八九十\\d]+)|第\\s*([一二三四五六七八九十\\d]+)\\s*${LOT_WORD_AFTER_NO})(?:(?:\\s*[：:]\\s*|\\s+)([^（(，,；;。\\s][^（(，,；;。\\n]{1,39})|\\s*[（(]([^）)\\d][^）)]{1,29})[）)]\\s*(?=[\\d预最限]))`,
);
const LOT_REFS = new RegExp(
  `${LOT_WORD_BEFORE_NO}\\s*([\\d一二三四五六七八九十]{1,3})|第\\s*([\\d一二三四五六七八九十]{1,3})\\s*${LOT_WORD_AFTER_NO}`,
  'g',
);
/** What follows a 包's number but is not its name (包1 评分标准, 第2包 技术要求). */
const NOT_A_NAME =
  /须|具有|具备|不得|应当|评分|评审|评标|标准|要求|参数|报价|预算|合同|响应|偏离|投标|文件|资格|清单|分值|适用/;

/** A 包's name without what it includes (1.5T超导磁共振成像系统（含磁屏蔽…） → 1.5T超导磁共振成像系统). */
const lotName = (s: string) =>
  truncate(
    s
      // (Nor its amount after a colon: 台式计算机及显示器：1,860,000.00 元.)
      .replace(/\s*[：:]\s*[¥￥]?\s*\d[\d,，.]*\s*(?:万元|元)?\s*$/, '')
      .replace(/[（(](含|包括|包含|预算)[^）)]*[）)]?\s*$/, '')
      .replace(/[（(]\d+\s*[台套个件辆项]+[）)]$/, '')
      .trim(),
    200,
  );

/**
 * The 采购包 / 标段 a tender lists (empty unless at least two): from the lines that name them
 * (采购包1：…, 第一标段：…) or the table that lists them (a 包 column first, the name next), each
 * with what the tender states for it alone: budget, bond, period.
 */
export function extractLots(st: Structure): Lot[] {
  const byNo = new Map<number, Lot>();
  const lot = (no: number): Lot => {
    let l = byNo.get(no);
    if (!l) byNo.set(no, (l = { no, name: '' }));
    return l;
  };
  const { blocks } = st.reading;
  blocks.forEach((b, i) => {
    if (b.kind === 'row') {
      const g = st.grid.get(i);
      const first = g?.kind === 'row' && g.header ? g.cells.findIndex((c, x) => c && x !== g.seqAt) : -1;
      if (
        g?.kind === 'row' &&
        g.header &&
        first >= 0 &&
        LOT_NAME_CELL.test(g.cells[first]) &&
        g.lotAt === first &&
        g.lots.length === 1
      ) {
        const l = lot(g.lots[0]);
        const name = g.cells[first + 1];
        if (!l.name && name && !/^[\d.,，\s]+$/.test(name)) l.name = lotName(name);
        const at = g.header.findIndex((h) => BUDGET_HEAD.test(h));
        if (at >= 0 && l.budgetAmount == null) {
          const unit = /万元/.test(g.header[at]) ? '万元' : '元';
          const amount = parseAmount(`${g.cells[at]}${unit}`);
          if (amount != null) {
            l.budgetAmount = amount;
            l.budget = `${g.cells[at]}${unit}`;
          }
        }
        return;
      }
    }
    // A row 包1 | 保洁服务 names its 包 as 包1：保洁服务 does.
    const text =
      b.kind === 'row'
        ? LOT_NAME_CELL.test(b.cells[0] ?? '') && b.cells[1]
          ? `${b.cells[0]}：${b.cells.slice(1).join('；')}`
          : b.cells.join('；')
        : b.text;
    // One 包 per statement (采购包1：…), or several listed in one (第1包：…；第2包：…, or with
    // nothing between them where a PDF's cell lines ran together).
    for (const seg of text.split(/[；;。\n]|(?=(?:采购包|包|标段)\s*\d{1,2}\s*[：:])/)) {
      const m = LOT_NAMED.exec(seg.trim());
      if (!m || (seg.length > 80 && !/[：:（(]/.test(m[0]))) continue;
      const no = lotNumber(m[1] ?? m[2]);
      const name = lotName(m[3] ?? m[4]);
      if (no == null || NOT_A_NAME.test(name)) continue;
      const l = lot(no);
      if (!l.name) l.name = name;
      // 采购包1：交互式智能平板及配套（预算410.00万元 / 最高限价500万元）
      const rest = seg.trim().slice(m[0].length);
      const budget =
        /(?:预算(?:金额)?|最高(?:投标)?限价|招标控制价|控制价)[：:为]?\s*((?:\d[,，]\d|[^）)，,；;])+)/.exec(
          rest,
        );
      const amount = budget ? parseAmount(budget[1]) : null;
      if (amount != null && l.budgetAmount == null) {
        l.budgetAmount = amount;
        l.budget = budget![1].trim();
      }
    }
  });
  if (byNo.size < 2) return [];
  for (const [no, facts] of lotFacts(blocks, [...byNo.keys()])) {
    const l = byNo.get(no)!;
    if (facts.budget && l.budgetAmount == null) {
      l.budget = facts.budget;
      l.budgetAmount = parseAmount(facts.budget);
    }
    if (facts.bond) {
      l.bond = facts.bond;
      l.bondAmount = parseAmount(facts.bond);
    }
    if (facts.period) l.period = facts.period;
  }
  return [...byNo.values()].sort((a, b) => a.no - b.no);
}

const LOT_SPLIT = {
  budget: /预算金额|采购预算|项目预算|最高投标限价|最高限价|招标控制价|控制价/,
  bond: /(?<!质量|履约|保修|工资)(投标|磋商|谈判|响应|竞标|报价)?保证金/,
  period: /合同履行期限|交货期限?|工期|服务期限?|交付期|履约期限/,
} as const;

/**
 * Facts a statement gives per 包 (预算金额：…其中包1为…，包2为…): the part of the statement from
 * one 包's mention to the next, for each fact the statement is labelled with.
 */
function lotFacts(
  blocks: Structure['reading']['blocks'],
  lots: number[],
): Map<number, Partial<Record<keyof typeof LOT_SPLIT, string>>> {
  const out = new Map<number, Partial<Record<keyof typeof LOT_SPLIT, string>>>();
  for (const b of blocks) {
    const text = b.kind === 'row' ? b.cells.join('：') : b.text;
    const refs = [...text.matchAll(LOT_REFS)];
    if (refs.length < 2) continue;
    for (const [key, label] of Object.entries(LOT_SPLIT) as Array<[keyof typeof LOT_SPLIT, RegExp]>) {
      const at = label.exec(text);
      if (!at || at.index > (refs[0].index ?? 0)) continue;
      refs.forEach((r, k) => {
        const no = lotNumber(r[1] ?? r[2]);
        if (no == null || !lots.includes(no)) return;
        const end = k + 1 < refs.length ? refs[k + 1].index : text.length;
        const seg = text
          .slice((r.index ?? 0) + r[0].length, end)
          .replace(/^[：:为的]+/, '')
          .split(/[；;。]/)[0]
          .replace(/[，,、\s]+$/, '')
          .trim();
        if (!seg || (key !== 'period' && parseAmount(seg) == null)) return;
        const facts = out.get(no) ?? {};
        facts[key] ??= truncate(seg, 200);
        out.set(no, facts);
      });
    }
  }
  return out;
}
