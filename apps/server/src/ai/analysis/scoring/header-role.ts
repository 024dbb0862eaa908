/** What a scoring table's header label says its column holds. */

export type HeaderRole = 'seq' | 'cat' | 'name' | 'points' | 'criteria' | 'other';

const H_SEQ = /^(序号|编号|条款号|条款|序|项次|项目编号|评分项编号|评审项编号|指标编号|代码|代号)$/;
const H_CAT =
  /^(评分类别|评审类别|类别|评分类型|评分大项|评审大项|分类|项目类别|评分分类|评分模块|评审模块|评分项目类别|评分部分|评审项目|评分项目)$/;
const H_NAME =
  /^(评分因素|评审因素|评分项目|评审项目|评分内容|评审内容|评分项|评审项|评价因素|评价项目|考核内容|考核项目|评分指标|评审指标|因素|指标|评分子项|评审子项|内容|项目|评分因子|评审要素|评分要素|评分细项|评审细项|子项|评分点|评审点|二级指标|评分因素及分值|评审因素及分值|子因素|评分子因素|评审子因素|二级因素|细化因素|子项目)$/;
const H_POINTS =
  /^(分值|分数|满分|权重|标准分|最高分|分值[（(]分[）)]|分值范围|分值分配|得分上限|分值\(分\)|权重[（(]%[）)]|权值|满分值|最高得分|分值\/权重|得分区间|得分范围|分值区间|分数区间|分数范围|评分区间|子权重|子项权重|二级权重|子项分值|子分值|细项分值|二级分值|本项最高分|本项满分|单项最高分|该项最高分)$/;
const H_CRIT =
  /^(?:评分|评审|考核|评价)?(?:内容)?(?:及|和|与|、)?(?:评分|评审)?(?:标准|细则|说明|办法|依据|要求|准则|方法|规则)(?:及说明)?$/;
const H_OTHER =
  /^(主观[/／、]?客观|客观[/／、]?主观|评分类型|分类|属性|证明材料|备注|说明|所需材料|佐证材料|评分方式|类型|主客观|评分性质|得分|档次|档位|等级|评价等级|评分档次|类型|主观\/客观分)$/;

export function headerRole(s: string): HeaderRole | null {
  const t = s.replace(/\s+/g, '');
  if (H_SEQ.test(t)) return 'seq';
  // A floor beside the maximum (得分下限 | 得分上限): what a responsive bid gets at least, not the points.
  if (/^(?:得分|分值|分数)下限$/.test(t)) return 'other';
  // A deduction scheme's cap on one item's deductions is that item's weight (本项最多扣分, 扣分上限).
  if (/^(?:本项|单项)?(?:最多|最高)扣分?(?:值)?$|^扣分(?:上限|限额|封顶)$|^分值上限$/.test(t))
    return 'points';
  if (/^扣分(?:项目|项|因素|内容|事项)$/.test(t)) return 'name';
  // A platform's export spells its labels out: 评分项编码, 评分项名称, 档次分值, 档次描述.
  if (/^[\u4e00-\u9fa5]{1,4}(?:编码|编号|代码)$/.test(t) && /^(?:评|因素|指标|项目|条目)/.test(t))
    return 'seq';
  if (/^[\u4e00-\u9fa5]{2,6}名称$/.test(t) && H_NAME.test(t.slice(0, -2))) return 'name';
  if (/^(?:档次|档位|等级|分档)(?:分值|分数|得分)$/.test(t)) return 'points';
  if (/^(?:评分|评审|档次|档位|等级|分档)?描述$/.test(t)) return 'criteria';
  // A scoring formula's table of variables (变量 | 含义 | 取值区间 | 取值规则: T1 | 项目理解 | [0, 12]).
  if (/^变量(?:名|代码|符号)?$/.test(t)) return 'seq';
  if (/^(?:含义|变量含义)$/.test(t)) return 'name';
  if (/^取值(?:区间|范围)$/.test(t)) return 'points';
  if (/^取值(?:规则|标准|说明|方法)$/.test(t)) return 'criteria';
  if (H_POINTS.test(t)) return 'points';
  if (H_CRIT.test(t)) return 'criteria';
  if (H_CAT.test(t) && !H_NAME.test(t)) return 'cat';
  if (H_NAME.test(t)) return 'name';
  if (H_OTHER.test(t)) return 'other';
  if (/^评分细则$|^评审细则$/.test(t)) return 'criteria';
  // Any short label for how points are given (分档标准, 打分标准, 给分办法, 得分标准).
  // (Only labels about points: an item may be named 作业流程与标准.)
  if (t.length <= 7 && /[分档评审][\u4e00-\u9fa5]{0,3}(标准|细则|办法|说明|依据|准则|方法|规则)$/.test(t))
    return 'criteria';
  // How a price or formula item is scored (计算方法, 计分方法, 计算公式).
  if (/^(?:计算|计分|得分计算|打分)(?:方法|办法|公式|标准)$/.test(t)) return 'criteria';
  return null;
}
