import type { Cell, HeaderRole } from './cells.ts';

/** What a scoring table's header says about its rows' cells, read from the cell stream. */

export type Order = 'np' | 'nc' | 'pn';

/** The header's column order, if the region has one: which of name, points and criteria comes first. */
export function headerOrder(cells: Cell[]): Order | null {
  let best: HeaderRole[] = [];
  let run: HeaderRole[] = [];
  for (const c of cells) {
    if (c.kind === 'header') {
      run.push(roleOf(c.text));
      continue;
    }
    if (run.length >= 2 && run.length > best.length) best = run;
    run = [];
    if (best.length) break;
  }
  if (run.length >= 2 && run.length > best.length) best = run;
  // Two name-like headers without a criteria header (评分项目 | 评审内容): the second is the criteria.
  const twoNames = best.indexOf('name') !== best.lastIndexOf('name') && !best.includes('criteria');
  const n = twoNames ? best.indexOf('name') : best.lastIndexOf('name');
  const p = best.indexOf('points');
  const c = twoNames ? best.lastIndexOf('name') : best.lastIndexOf('criteria');
  if (p < 0 || n < 0) return null;
  if (p < n) return 'pn';
  if (c >= 0 && c < p) return 'nc';
  return 'np';
}

export function roleOf(t: string): HeaderRole {
  const s = t.replace(/\s+/g, '');
  if (/序号|编号|条款|项次/.test(s)) return 'seq';
  if (/分值|分数|满分|权重|标准分|最高分|得分上限|权值/.test(s) && !/因素|项目|内容|标准|细则/.test(s))
    return 'points';
  if (/标准|细则|说明|办法|依据|要求|准则|方法|规则/.test(s)) return 'criteria';
  if (/类别|类型|大项|分类|模块|部分/.test(s)) return 'cat';
  if (/因素|项目|内容|项|指标|要素|子项|点/.test(s)) return 'name';
  return 'other';
}

/** Whether the scoring header's last label is a column after the criteria (… | 评审细则 | 证明材料). */
export function trailingColumn(cells: Cell[]): boolean {
  // (The longest run of labels is the scoring table's header, as headerOrder takes it.)
  let best: HeaderRole[] = [];
  let run: HeaderRole[] = [];
  for (const c of [...cells, null]) {
    if (c?.kind === 'header') run.push(roleOf(c.text));
    else {
      if (run.length > best.length) best = run;
      run = [];
    }
  }
  return best.length >= 3 && best[best.length - 1] === 'other' && best.includes('criteria');
}
