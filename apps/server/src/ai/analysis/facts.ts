import type { ProjectFacts } from '@bid/shared';
import { truncate } from '../tender-text.ts';
import type { Line } from './lines.ts';
import { parseAmount } from './money.ts';

/** Project facts by labelled values (项目名称：…), the procurement method, amounts in yuan and 采购包. */

type TextFact = Exclude<keyof ProjectFacts, 'method' | 'bondAmount' | 'budgetAmount'>;

const FACT_PATTERNS: Record<TextFact, RegExp[]> = {
  name: [/(?:采购项目名称|项目名称|工程名称|招标项目名称)\s*[：:]\s*([^\n]+)/],
  number: [
    /(?:项目编号|招标编号|采购编号|采购项目编号|招标项目编号|项目代码)\s*[：:]\s*([A-Za-z0-9\-_（）()〔〕[\]【】号—]+)/,
  ],
  owner: [
    /(?:采购人|招标人|建设单位|采购单位|业主单位)(?:名称)?\s*[：:]\s*([^\n，,；;。（(]+)/,
    /招标人为([^\n，,；;。]+?)(?:[，,；;。]|$)/,
  ],
  agency: [/(?:采购代理机构|招标代理机构|代理机构)(?:名称)?\s*[：:]\s*([^\n，,；;。（(]+)/],
  // (A label may carry a note in brackets, 采购预算（最高限价）：…, or stand in a table's cell of
  // its own, 最高限价 ⇥ 人民币 1,960,000.00 元.)
  budget: [
    /(?:预算金额|采购预算|项目预算|预算价|最高投标限价|最高限价|招标控制价|控制价)\s*(?:[（(][^）)\n]{0,12}[）)])?\s*[：:]\s*([^\n；;。]+)/,
    /(?:^|\t)\s*(?:预算金额|采购预算|项目预算|最高投标限价|最高限价|招标控制价)\s*\t\s*([^\n；;。\t]*\d[^\n；;。\t]*)/m,
  ],
  period: [
    /(?:计划工期|工期要求|工期|监理服务期限?|设计周期|服务期限|服务期|合同履行期限|交货期限?|交付期|实施周期|建设周期|履约期限)\s*(?:[（(][^）)\n]{0,12}[）)])?\s*[：:]\s*([^\n；;。]+)/,
    /(?:^|\t)\s*(?:计划工期|工期|服务期限|服务期|合同履行期限|交货期限?|交付期|实施周期)\s*\t\s*([^\n；;。\t]*\d[^\n；;。\t]*)/m,
  ],
  location: [
    /(?:项目地点|建设地点|服务地点|交货地点|实施地点|工程地点|项目实施地点)\s*[：:]\s*([^\n；;。]+)/,
  ],
  scope: [
    /(?:采购需求概况|采购内容|招标范围|服务范围|服务内容|建设内容|建设规模|项目概况|工程概况|采购需求)\s*[：:]\s*([^\n]+)/,
  ],
  bond: [],
};

/** `text`: the analysed text with lines a PDF wrapped joined again (paragraphsOf). */
/**
 * The budget's amount: the whole when the clause also gives it per year or per unit (每年126万元，两年
 * 合计252万元; 594万元（三年服务期总价，每年198万元）), else its first amount.
 */
function budgetAmount(clause: string): number | null {
  if (/每年|每个|年均|每月|单价/.test(clause) && /合计|总价|总计|共计|总额/.test(clause)) {
    const all = [...clause.matchAll(/[¥￥]?\s*\d[\d,，]*(?:\.\d+)?\s*(?:亿元|万元|元)/g)]
      .map((m) => parseAmount(m[0]))
      .filter((v): v is number => v != null);
    if (all.length >= 2) return Math.max(...all);
  }
  return parseAmount(clause);
}

export function extractFacts(text: string, lines: Line[]): ProjectFacts {
  const out: ProjectFacts = {
    name: null,
    number: null,
    owner: null,
    agency: null,
    budget: null,
    period: null,
    location: null,
    scope: null,
    bond: null,
    method: null,
    bondAmount: null,
    budgetAmount: null,
  };
  for (const [key, patterns] of Object.entries(FACT_PATTERNS) as Array<[TextFact, RegExp[]]>) {
    for (const re of patterns) {
      const v = re
        .exec(text)?.[1]
        ?.trim()
        .replace(/[。；;，,]+$/, '');
      if (v) {
        out[key] = truncate(v, key === 'scope' ? 400 : 120);
        break;
      }
    }
  }
  if (!out.name) out.name = titleName(lines);
  out.budgetAmount = out.budget ? budgetAmount(out.budget) : null;
  const bond = extractBond(lines);
  out.bond = bond.text;
  out.bondAmount = bond.amount;
  out.method = extractMethod(text, lines);
  return out;
}

/** Without a 项目名称 label the first line is the project's name when it reads like one. */
function titleName(lines: Line[]): string | null {
  const first = lines.find((l) => l.text.trim())?.text.trim() ?? '';
  return first.length >= 6 && first.length <= 80 && /(项目|工程|采购|服务)/.test(first) ? first : null;
}

const BOND_LABEL = /(?<!质量|履约|保修|工资)(投标|磋商|谈判|响应|竞标|报价)?保证金/;

/** 投标保证金 / 磋商保证金 …: the first statement of it with an amount, or that none is taken (0). */
function extractBond(lines: Line[]): { text: string | null; amount: number | null } {
  for (const l of lines) {
    const t = l.text.trim();
    const m = BOND_LABEL.exec(t);
    if (!m) continue;
    const rest = t.slice(m.index);
    // 不收取投标保证金 says it before the label, 投标保证金：不收取 after.
    if (/不(收取|需要?(缴纳|提交))|免(收|交)|无需/.test(t.slice(Math.max(0, m.index - 6))))
      return { text: truncate(rest.replace(/^.*?保证金[：:]?/, '') || '不收取', 120), amount: 0 };
    const amount = parseAmount(rest);
    if (amount == null || amount <= 0) continue;
    const value = rest.replace(/^[^：:]*[：:]\s*/, '').replace(/[。；;]+$/, '');
    return { text: truncate(value || rest, 120), amount };
  }
  return { text: null, amount: null };
}

const METHODS = ['公开招标', '邀请招标', '竞争性磋商', '竞争性谈判', '单一来源', '询价', '框架协议'];
const METHOD_RE = new RegExp(`(${METHODS.join('|')})`);

function extractMethod(text: string, lines: Line[]): string | null {
  const labelled = /(?:采购方式|招标方式|采购形式)\s*[：:]\s*([^\n；;。，,]+)/.exec(text);
  const lm = labelled && METHOD_RE.exec(labelled[1]);
  if (lm) return lm[1];
  const head = lines
    .slice(0, 12)
    .map((l) => l.text)
    .join('\n');
  if (/磋商文件/.test(head)) return '竞争性磋商';
  if (/谈判文件/.test(head)) return '竞争性谈判';
  if (/单一来源/.test(head)) return '单一来源';
  if (/询价(通知书|文件)/.test(head)) return '询价';
  const early = METHOD_RE.exec(text.slice(0, Math.max(3000, Math.floor(text.length / 5))));
  if (early) return early[1];
  if (/招标文件|招标公告/.test(head)) return '公开招标';
  return null;
}

export { lotMarker, lotNumber } from './lot-marker.ts';

export function extractScoringMethod(text: string): string | null {
  const m =
    /(综合评分法|综合评估法|经评审的最低投标价法|最低评标价法|最低价成交|性价比法|合理低价法|评定分离|综合评议法)/.exec(
      text,
    );
  return m ? m[1] : null;
}
