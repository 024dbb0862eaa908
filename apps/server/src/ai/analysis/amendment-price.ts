import { lotsIn, type AmendmentChange, type TenderAnalysis } from '@bid/shared';
import type { Statement } from './amendment-wording.ts';
import { parseAmount } from './money.ts';

/**
 * The 最高限价 / 招标控制价 (and a stated floor) an amendment changes. The 报价 checks and the forms
 * read the amended limits: a price between the new and the old 最高限价 must block, or the bid is
 * rejected at opening for a number the writer was told was fine.
 */

const CEILING =
  /最高(?:投标)?限价|招标控制价|控制价|拦标价|最高(?:投标)?报价(?:限额)?|预算金额|采购预算|项目预算|预算价/;
const FLOOR = /最低(?:投标)?限价|(?:投标)?报价下限|最低(?:投标)?报价|不得低于/;
const MONEY =
  /(?:人民币)?\s*[¥￥]?\s*\d[\d,]*(?:\.\d+)?\s*(?:亿元|万元|元)|(?:人民币|[¥￥])\s*[¥￥]?\s*\d[\d,]*(?:\.\d+)?|[零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+元[零壹贰叁肆伍陆柒捌玖角分整]*/;
const SHARE = /(\d+(?:\.\d+)?)\s*[%％]/;

export const CEILING_LABEL = '最高限价';
export const FLOOR_LABEL = '最低限价';

/** The floor as the price checks read it (最低限价为…, 包1最低限价为…): one sentence per change. */
export function floorStatement(c: Pick<AmendmentChange, 'after' | 'lot'>): string {
  return `${c.lot ? `包${c.lot}` : ''}${FLOOR_LABEL}为${c.after}`;
}

export function priceLimitChanges(a: TenderAnalysis, statements: Statement[]): AmendmentChange[] {
  const out: AmendmentChange[] = [];
  for (const st of statements) {
    const floor = FLOOR.test(st.subject);
    if (!floor && !CEILING.test(st.subject)) continue;
    const lots = lotsIn(st.subject);
    const lot = lots.length === 1 ? lots[0] : null;
    let after: string | null = null;
    const money = MONEY.exec(st.after);
    if (money && (parseAmount(money[0]) ?? 0) > 0) after = money[0].replace(/\s+/g, '');
    else if (floor) {
      // A floor as a share of the 最高限价 (不得低于最高限价的80%).
      const share = SHARE.exec(st.after);
      if (share) after = `${CEILING_LABEL}的${share[1]}%`;
    }
    if (!after) continue;
    const label = `${lot ? `包${lot}` : ''}${floor ? FLOOR_LABEL : CEILING_LABEL}`;
    if (out.some((c) => c.label === label)) continue;
    const own = lot ? a.lots.find((l) => l.no === lot) : undefined;
    const tenderCeiling = own?.budget ?? a.project.budget;
    out.push({
      kind: 'price-limit',
      label,
      before: st.before ?? (floor ? null : tenderCeiling),
      after,
      itemId: null,
      lot,
      source: { start: st.start, end: st.end },
      tenderSource: null,
      sourceText: st.text.slice(0, 2000),
      tenderText: null,
    });
  }
  return out;
}

/** The analysis with a 限价 change applied: the 包's own 最高限价 when it names one, else the tender's. */
export function applyPriceLimit(out: TenderAnalysis, c: AmendmentChange): void {
  if (c.label.endsWith(FLOOR_LABEL)) {
    const s = floorStatement(c);
    // The latest first: the price checks take the first floor they read.
    out.amendedFloors = [s, ...(out.amendedFloors ?? []).filter((x) => x !== s)];
    return;
  }
  const amount = parseAmount(c.after);
  if (amount === null) return;
  const k = c.lot ? out.lots.findIndex((l) => l.no === c.lot) : -1;
  if (k >= 0) out.lots[k] = { ...out.lots[k], budget: c.after, budgetAmount: amount };
  else out.project = { ...out.project, budget: c.after, budgetAmount: amount };
}
