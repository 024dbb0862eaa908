import { isChapterHeading, type Line } from '../lines.ts';
import { headerRole } from './header-role.ts';

/** Where a text's scoring rules are: the regions its readers read. */

const SCORING_HEAD =
  /(评分标准|评分办法|评审办法|评标办法|评标方法|评分方法|评分细则|评审因素|评分因素|评审标准|详细评审|评分表|评审细则|综合评分|评分项目|评审要素|分值构成|评分内容|评审内容|评分记录表|打分表)/;

/** A 须知前附表 row that names the method (6 评标方法 综合评分法（权重法）): not where the rules are. */
const METHOD_ROW =
  /^\d{1,2}(?:\.\d{1,2})*\s+\S{2,8}\s+(?:综合评分法|综合评估法|最低评标价法|经评审的最低投标价法|合理低价法|最低价法)/;

/** Line ranges that hold scoring rules: from a scoring heading to the next chapter. */
export function regions(lines: Line[]): Array<[number, number]> {
  const nextChapter: number[] = new Array(lines.length + 1).fill(lines.length);
  for (let j = lines.length - 1; j >= 0; j--)
    nextChapter[j] = j + 1 < lines.length && isChapterHeading(lines[j + 1].text) ? j + 1 : nextChapter[j + 1];
  const out: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text.trim();
    if (!SCORING_HEAD.test(t) || t.length > 40 || METHOD_ROW.test(t)) continue;
    const end = nextChapter[i];
    const last = out[out.length - 1];
    if (!last || !(last[0] <= i && end <= last[1])) out.push([i, end]);
  }
  return out;
}

/**
 * The scoring table inside a region after a table without points (序号 | 评审因素 | 评审标准 of a
 * 初步评审, then 评审部分 | 序号 | 评审因素 | 权重（%） | 评审细则): from the pointed table's header to the
 * region's end, a reading of that table alone, which the rows of the other do not spoil.
 */
export function innerRegions(lines: Line[], outer: Array<[number, number]>): Array<[number, number]> {
  const roles = (t: string) =>
    t
      .trim()
      .split(/\t| {2,}/)
      .map((c) => headerRole(c))
      .filter((r) => r != null);
  return outer.flatMap(([a, b]): Array<[number, number]> => {
    let unpointed = false;
    for (let i = a; i < b; i++) {
      const r = roles(lines[i].text);
      if (r.length < 3 || !r.includes('name')) continue;
      if (!r.includes('points')) unpointed = true;
      else if (unpointed) return [[i, b]];
    }
    return [];
  });
}
