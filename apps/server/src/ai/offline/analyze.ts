import type { KeyDate, MandatedSection, ProjectFacts, ScoringCategory, ScoringItem, StarClause, TenderAnalysis } from '@bid/shared';
import { parseEnumerator, sentences, splitLines, truncate, type EnumStyle } from './text.ts';

/**
 * Rule-based tender analysis: project facts, scoring items (from tab/pipe tables or numbered
 * lines with points), ★/▲ clauses, disqualification clauses, key dates, the prescribed bid
 * outline and the 暗标 flag. Deterministic; what it cannot find stays null/empty with a warning.
 */
export function analyzeTenderByRules(input: string): TenderAnalysis {
  const text = input.replace(/\r\n?/g, '\n');
  const lines = splitLines(text);
  const warnings: string[] = [];
  const project = extractFacts(text);
  const scoringItems = extractScoringItems(lines);
  if (!scoringItems.length) warnings.push('未识别到评分标准（评分因素及分值），大纲将按标准结构生成；建议粘贴招标文件中的评分标准原文');
  if (!project.name) warnings.push('未识别到项目名称，请在项目信息中补充');
  const mandatedOutline = extractMandatedOutline(lines);
  return {
    project,
    scoringMethod: extractScoringMethod(text),
    qualifications: extractQualifications(lines),
    scoringItems,
    starClauses: extractStarClauses(lines),
    disqualifications: extractDisqualifications(text),
    keyDates: extractKeyDates(lines),
    mandatedOutline,
    darkBid: detectDarkBid(text),
    disqualificationSources: [],
    lots: [],
    pageLimit: null,
    formatRules: [],
    responseTables: [],
    requirements: [],
    engine: 'offline',
    model: null,
    warnings,
    chars: text.length,
  };
}

// ---------------------------------------------------------------- facts

type TextFact = Exclude<keyof ProjectFacts, 'method' | 'bondAmount' | 'budgetAmount'>;
const FACT_PATTERNS: Record<TextFact, RegExp[]> = {
  name: [/(?:采购项目名称|项目名称|工程名称|招标项目名称)\s*[：:]\s*([^\n]+)/],
  number: [/(?:项目编号|招标编号|采购编号|采购项目编号|项目代码)\s*[：:]\s*([A-Za-z0-9\-_（）()〔〕[\]【】号—]+)/],
  owner: [/(?:采购人|招标人|建设单位|采购单位|业主单位)(?:名称)?\s*[：:]\s*([^\n，,；;。（(]+)/, /招标人为([^\n，,；;。]+?)(?:[，,；;。]|$)/],
  agency: [/(?:采购代理机构|招标代理机构|代理机构)(?:名称)?\s*[：:]\s*([^\n，,；;。（(]+)/],
  budget: [/(?:预算金额|采购预算|项目预算|预算价|最高限价|最高投标限价|招标控制价|控制价)\s*[：:]\s*([^\n；;。]+)/],
  period: [/(?:计划工期|工期要求|工期|服务期限|服务期|合同履行期限|交货期限?|交付期|实施周期|建设周期|履约期限)\s*[：:]\s*([^\n；;。]+)/],
  location: [/(?:项目地点|建设地点|服务地点|交货地点|实施地点|工程地点|项目实施地点)\s*[：:]\s*([^\n；;。]+)/],
  scope: [/(?:采购需求概况|采购内容|招标范围|服务范围|建设内容|建设规模|项目概况|工程概况|采购需求)\s*[：:]\s*([^\n]+)/],
  bond: [/(?:投标保证金|磋商保证金|响应保证金|保证金)(?:金额)?\s*[：:]\s*([^\n；;。]+)/],
};

function extractFacts(text: string): ProjectFacts {
  const out: ProjectFacts = { name: null, number: null, owner: null, agency: null, budget: null, period: null, location: null, scope: null, bond: null, method: null, bondAmount: null, budgetAmount: null };
  for (const [key, patterns] of Object.entries(FACT_PATTERNS) as Array<[TextFact, RegExp[]]>) {
    out[key] = null;
    for (const re of patterns) {
      const m = re.exec(text);
      const v = m?.[1]?.trim().replace(/[。；;，,]+$/, '');
      if (v) {
        out[key] = truncate(v, key === 'scope' ? 400 : 120);
        break;
      }
    }
  }
  return out;
}

function extractScoringMethod(text: string): string | null {
  const m = /(综合评分法|综合评估法|经评审的最低投标价法|最低评标价法|性价比法|合理低价法|评定分离|综合评议法)/.exec(text);
  return m ? m[1] : null;
}

// ---------------------------------------------------------------- scoring

const SCORING_HEAD = /(评分标准|评分办法|评审办法|评标办法|评标方法|评分方法|评分细则|评审因素|评分因素|评审标准|详细评审|评分表)/;

export function classifyCategory(name: string, context: ScoringCategory | null = null): ScoringCategory {
  if (/价格|报价|投标价|磋商价|价格分/.test(name)) return 'price';
  if (context) return context;
  if (/方案|措施|设计|计划|组织|技术|实施|工艺|进度|质量|安全|环保|环境|应急|培训|运维|服务体系|布置|理解|功能|性能|架构/.test(name)) return 'technical';
  if (/资质|认证|业绩|信誉|财务|项目经理|负责人|团队|班子|人员|证书|荣誉|奖|承诺|商务|社保|纳税|企业|诚信|规模/.test(name)) return 'commercial';
  return 'technical';
}

function categoryFromLabel(label: string): ScoringCategory | null {
  if (/价格|报价/.test(label)) return 'price';
  if (/商务/.test(label)) return 'commercial';
  if (/技术|服务方案|施工组织/.test(label)) return 'technical';
  return null;
}

interface Candidate {
  name: string;
  points: number | null;
  criteria: string;
  style: EnumStyle | null;
  category: ScoringCategory | null;
  group: string | null;
}

const POINTS_PAREN = /^(.{2,60}?)\s*[（(]\s*(?:满分|最高|共计?|计)?\s*(\d+(?:\.\d+)?)\s*分\s*[）)]\s*[：:，,。]?\s*(.*)$/;
const POINTS_COLON = /^([^：:]{2,40}?)\s*[：:]\s*(?:满分|最高)?\s*(\d+(?:\.\d+)?)\s*分(?:[。；;，,：:]\s*|\s+|$)(.*)$/;

function cellsOf(line: string): string[] | null {
  const t = line.trim();
  if (t.startsWith('|') && (t.match(/\|/g)?.length ?? 0) >= 3) {
    return t.replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  }
  if (t.includes('\t')) {
    const cells = t.split('\t').map((c) => c.trim());
    if (cells.filter(Boolean).length >= 3) return cells;
  }
  return null;
}

const NUM_CELL = /^(\d+(?:\.\d+)?)\s*分?$/;

function scoringRegion(lines: string[]): string[] {
  const start = lines.findIndex((l) => SCORING_HEAD.test(l));
  if (start < 0) return lines;
  // The region ends at the next chapter heading (第X章) after the start.
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const e = parseEnumerator(lines[i]);
    if (e?.style === 'chapter' && /章/.test(e.marker)) {
      end = i;
      break;
    }
  }
  return lines.slice(start, end);
}

export function extractScoringItems(allLines: string[]): ScoringItem[] {
  let items = parseScoring(scoringRegion(allLines));
  if (!items.length) items = parseScoring(allLines);
  return items;
}

function parseScoring(lines: string[]): ScoringItem[] {
  const cands: Candidate[] = [];
  let header: { name: number; points: number; criteria: number; category: number } | null = null;
  let context: ScoringCategory | null = null;
  let last: Candidate | null = null;

  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      last = null;
      continue;
    }
    const cells = cellsOf(line);
    if (cells) {
      if (cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) continue;
      const findCol = (re: RegExp) => cells.findIndex((c) => re.test(c) && c.length <= 12);
      const pCol = findCol(/分值|分数|权重|满分|标准分/);
      const nCol = findCol(/评分因素|评审因素|评分项|评审项目|评分内容|考核内容|评价因素|评分项目|评审内容|因素/);
      if (pCol >= 0 && nCol >= 0) {
        header = { name: nCol, points: pCol, criteria: findCol(/评分标准|评审标准|评分细则|评分说明|评分办法|标准/), category: findCol(/类别|类型|部分|评分类别/) };
        continue;
      }
      let name: string;
      let points: number | null;
      let criteria: string;
      let catLabel = '';
      if (header) {
        name = cells[header.name] ?? '';
        const p = NUM_CELL.exec(cells[header.points] ?? '');
        points = p ? Number(p[1]) : null;
        criteria = header.criteria >= 0 ? (cells[header.criteria] ?? '') : '';
        if (header.category >= 0) catLabel = cells[header.category] ?? '';
      } else {
        // No header: the numeric cell is the points, the first other short cell the name.
        const pIdx = cells.findIndex((c, i) => i > 0 && NUM_CELL.test(c));
        if (pIdx < 0) continue;
        points = Number(NUM_CELL.exec(cells[pIdx])![1]);
        const others = cells.filter((c, i) => i !== pIdx && c && !/^\d+$/.test(c));
        name = others.find((c) => c.length <= 40) ?? '';
        criteria = others.filter((c) => c !== name).sort((a, b) => b.length - a.length)[0] ?? '';
      }
      name = name.replace(/[（(]\s*\d+(?:\.\d+)?\s*分\s*[）)]$/, '').trim();
      if (!name || /^\d+$/.test(name)) continue;
      const category = categoryFromLabel(catLabel) ?? null;
      const cand: Candidate = { name, points, criteria, style: null, category: category ?? context, group: catLabel ? catLabel.replace(/[（(]\s*\d+(?:\.\d+)?\s*分\s*[）)]/, '').trim() || null : null };
      if (cells.filter(Boolean).length === 1) {
        // A group row (e.g. 技术部分) spanning the table.
        context = categoryFromLabel(name) ?? context;
        continue;
      }
      cands.push(cand);
      last = cand;
      continue;
    }

    const en = parseEnumerator(line);
    const body = en ? en.rest : line;
    const m = POINTS_PAREN.exec(body) ?? POINTS_COLON.exec(body);
    if (m && !/^(总分|满分|合计|总计)/.test(m[1])) {
      const name = m[1].replace(/^[★▲]/, '').trim();
      const cand: Candidate = { name, points: Number(m[2]), criteria: m[3].trim(), style: en?.style ?? null, category: null, group: null };
      cands.push(cand);
      last = cand;
      continue;
    }
    // A category heading without points (技术部分 / 商务评分 ...).
    const label = /^(技术|商务|价格|报价)(部分|评分|评审|标|分)/.exec(body);
    if (label && body.length <= 20) {
      context = categoryFromLabel(label[0]);
      last = null;
      continue;
    }
    // Continuation lines of the previous item's criteria.
    if (last && !en && last.criteria.length < 1500) last.criteria = `${last.criteria}${last.criteria ? ' ' : ''}${line}`;
    else last = null;
  }

  resolveGroups(cands);
  const items: ScoringItem[] = [];
  for (const c of cands) {
    if ((c as Candidate & { isGroup?: boolean }).isGroup) continue;
    items.push({
      id: `S${items.length + 1}`,
      category: classifyCategory(`${c.name}`, c.category ?? (c.group ? categoryFromLabel(c.group) ?? groupCategory(c.group) : null)),
      name: truncate(c.name, 200),
      group: c.group,
      points: c.points,
      criteria: truncate(c.criteria, 4000),
    });
  }
  return items;
}

function groupCategory(group: string): ScoringCategory {
  return classifyCategory(group);
}

/**
 * Marks group headers: an enumerated item whose following items use another enumerator style and
 * whose points equal their sum (二、施工组织设计（35分） followed by （1）…（8） summing to 35).
 */
function resolveGroups(cands: Candidate[]): void {
  for (let i = 0; i < cands.length; i++) {
    const g = cands[i];
    if (g.points == null || !g.style) continue;
    const next = cands[i + 1];
    if (!next || !next.style || next.style === g.style) continue;
    let sum = 0;
    let j = i + 1;
    while (j < cands.length && cands[j].style === next.style) {
      sum += cands[j].points ?? 0;
      j += 1;
    }
    if (j - (i + 1) >= 2 && Math.abs(sum - g.points) < 0.01) {
      (g as Candidate & { isGroup?: boolean }).isGroup = true;
      const cat = categoryFromLabel(g.name) ?? classifyCategory(g.name);
      for (let k = i + 1; k < j; k++) {
        cands[k].group = g.name;
        if (cat !== 'price') cands[k].category = cands[k].category ?? cat;
      }
    }
  }
}

// ---------------------------------------------------------------- clauses

function extractStarClauses(lines: string[]): StarClause[] {
  const out: StarClause[] = [];
  const seen = new Set<string>();
  for (const raw of lines) {
    let t = raw.trim();
    const en = parseEnumerator(t);
    if (en && /^[★▲]/.test(en.rest)) t = en.rest;
    const m = /^([★▲])\s*(.+)$/.exec(t);
    if (!m) continue;
    const text = stripEnumText(m[2]);
    if (text.length < 4 || seen.has(text)) continue;
    seen.add(text);
    out.push({ mark: m[1] as '★' | '▲', text: truncate(text, 2000) });
  }
  return out.slice(0, 200);
}

function stripEnumText(s: string): string {
  const e = parseEnumerator(s);
  return (e && e.style !== 'chapter' ? e.rest : s).trim();
}

const DISQUALIFY = /(废标|无效投标|投标无效|否决其投标|否决投标|作无效|按无效|不予受理|无效响应|响应无效|投标将被拒绝|资格审查不合格)/;

function extractDisqualifications(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const s of sentences(text)) {
    if (!DISQUALIFY.test(s)) continue;
    const clean = stripEnumText(s).replace(/^[★▲]\s*/, '');
    // Headings such as "投标无效的情形" are not clauses.
    if (clean.length < 8 || /情形[：:]?$|^(二|三|四)?、?(无效响应|否决投标|投标无效)[：:]?$/.test(clean)) continue;
    if (seen.has(clean)) continue;
    seen.add(clean);
    out.push(truncate(clean, 2000));
  }
  return out.slice(0, 100);
}

const DATE_LABELS = /(投标文件递交的截止时间|递交投标文件截止时间|投标截止时间|投标文件截止时间|响应文件提交截止时间|提交响应文件截止时间|开标时间|开标日期|磋商时间|谈判时间|获取招标文件时间|获取采购文件时间|获取磋商文件时间|答疑时间|澄清截止时间|现场踏勘|踏勘现场时间|公告期限)\s*[：:]\s*([^\n；;]+)/;

function extractKeyDates(lines: string[]): KeyDate[] {
  const out: KeyDate[] = [];
  const seen = new Set<string>();
  for (const l of lines) {
    const m = DATE_LABELS.exec(l);
    if (!m) continue;
    const label = m[1];
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ label, value: truncate(m[2].trim().replace(/[。，,]+$/, ''), 200) });
  }
  return out;
}

function extractQualifications(lines: string[]): string[] {
  const start = lines.findIndex((l) => /(资格要求|资格条件|投标人资格|供应商资格|合格投标人|合格供应商|申请人的资格)/.test(l) && l.trim().length <= 40);
  if (start < 0) return [];
  const out: string[] = [];
  let started = false;
  for (let i = start + 1; i < lines.length && out.length < 30; i++) {
    const t = lines[i].trim();
    if (!t) {
      if (started) break;
      continue;
    }
    const en = parseEnumerator(t);
    if (en?.style === 'chapter') break;
    if (!en) {
      if (started) break;
      continue;
    }
    // A new section (三、获取招标文件) ends the list once items were read with another style.
    if (started && en.style === 'cn') break;
    started = true;
    out.push(truncate(en.rest.replace(/[；;。]$/, ''), 2000));
  }
  return out;
}

// ---------------------------------------------------------------- outline

const OUTLINE_HEAD = /(投标文件的组成|投标文件组成|投标文件应包括|投标文件包括|投标文件由|响应文件的组成|响应文件组成|响应文件应包括|响应文件格式|投标文件格式|投标文件的构成|响应文件的构成)/;
const SECTION_WORDS = /(须知|情形|说明|规定|办法|评标|评审|要求如下)/;

export function extractMandatedOutline(lines: string[]): MandatedSection[] {
  for (let i = 0; i < lines.length; i++) {
    if (!OUTLINE_HEAD.test(lines[i]) || lines[i].trim().length > 40) continue;
    const found = readList(lines, i + 1);
    if (found.length >= 3) return found;
  }
  return [];
}

function readList(lines: string[], from: number): MandatedSection[] {
  const out: MandatedSection[] = [];
  const styles: EnumStyle[] = [];
  let skipped = 0;
  for (let i = from; i < lines.length && out.length < 60; i++) {
    const t = lines[i].trim();
    if (!t) {
      if (out.length >= 2) break;
      continue;
    }
    const en = parseEnumerator(t);
    if (!en) {
      if (out.length) break;
      // Allow a lead-in line such as "投标文件应包括下列内容：".
      if (++skipped > 3) break;
      continue;
    }
    if (en.style === 'chapter' && /章/.test(en.marker) && out.length) break;
    // A table of contents (titles with dot leaders and page numbers) is not the prescribed outline.
    if (/(\.{3,}|…{2,}|·{3,}|\s\d+$)/.test(en.rest)) {
      if (out.length) break;
      continue;
    }
    const title = en.rest.replace(/[；;。，,：:]$/, '').trim();
    if (!title || title.length > 40 || SECTION_WORDS.test(title)) {
      if (out.length) break;
      continue;
    }
    let idx = styles.indexOf(en.style);
    if (idx < 0) {
      if (styles.length >= 3) break;
      styles.push(en.style);
      idx = styles.length - 1;
    }
    out.push({ title, level: idx + 1 });
  }
  return out;
}

function detectDarkBid(text: string): boolean {
  if (!/暗标/.test(text)) return false;
  if (/(不采用|不实行|不实施|非)暗标/.test(text) && !/采用暗标|暗标评审|（暗标）|\(暗标\)/.test(text)) return false;
  return true;
}
