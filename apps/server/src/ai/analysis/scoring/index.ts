import type { ScoringItem } from '@bid/shared';
import { truncate } from '../../tender-text.ts';
import { type Line } from '../lines.ts';
import { headerRole, tabCells, type CellOptions } from './cells.ts';
import { cellsOf } from './cell-stream.ts';
import { categoryOfLabel, categoryOfName } from './category.ts';
import { itemCategory, type Judged } from './judge.ts';
import { acceptable, best } from './choose.ts';
import { readLayoutBlocks, readLayoutSerialRows } from './layout-blocks.ts';
import { readLegacyTable } from './legacy.ts';
import { readLotColumns } from './lot-columns.ts';
import { pageNoise } from './noise.ts';
import { readProse } from './prose.ts';
import { readSoup } from './soup.ts';
import { readColumns } from './columns.ts';
import { readInline } from './inline.ts';
import { readLeadPoints } from './lead-points.ts';
import { readBracketPoints } from './bracket-points.ts';
import { readColumnDump } from './column-dump.ts';
import { readCodedRows } from './coded-rows.ts';
import { readRunningTotal } from './running-total.ts';
import { readAlignedPoints } from './aligned-points.ts';
import { readPairedColumns } from './paired-columns.ts';
import { readSubRows } from './sub-rows.ts';
import { readBandBlocks } from './band-blocks.ts';
import { readClauseRows } from './clause-rows.ts';
import { unfoldedHalves } from './halves.ts';
import { readStackedNames } from './stacked-names.ts';
import { readCriteriaFirst } from './criteria-first.ts';
import { readLabelledColumns } from './labelled-columns.ts';
import { readTaggedBlocks } from './tagged-blocks.ts';
import { readBandMatrix } from './band-matrix.ts';
import { readNested } from './nested.ts';
import { complementaryPairs } from './pairs.ts';
import { withFactorsDetailed, withPartsDetailed } from './part-detail.ts';
import { readClauseKeyed } from './clause-keyed.ts';
import { withMarkedClasses } from './marked-classes.ts';
import { readRowLines } from './row-lines.ts';
import { readTransposed } from './transposed.ts';
import { byApplicability } from './applicable.ts';
import { derivedLots, withDerived } from './derived.ts';
import { foldRomanCodes, unfoldRoman } from './roman.ts';
import { readBySerial } from './rows.ts';
import { headerOrder, type Order } from './row-header.ts';
import { readByName } from './rows-by-name.ts';
import { readStatedTotals, statedFor } from './stated.ts';
import { innerRegions, regions } from './regions.ts';
import { byLot, forLot, perLotValues } from './lot-parts.ts';
import { withSerialPoints } from './serial-points.ts';
import type { Proposal, ProposedItem, Reader, StatedTotals } from './types.ts';

/**
 * Scoring items: several independent readers each propose a complete item list for each scoring
 * part of the tender (per 包), and the judge keeps the proposal that the tender's own statements
 * support best. What no proposal makes add up is said in plain words.
 */

export interface ScoringReading {
  items: ScoringItem[];
  stated: StatedTotals[];
  warnings: string[];
  /** The tender awards on price alone (最低评标价法, 竞争性谈判 最后报价最低): no scoring table is expected. */
  lowestPrice: boolean;
  /** The 包 numbers whose scoring tables were read separately (empty when the tender has one). */
  lots: number[];
  /** Which reader's proposal won, per 包 (diagnostics for the benchmark). */
  readers: string[];
}

const ORDERS: Order[] = ['np', 'nc', 'pn'];

/**
 * The readers of a whole scoring table from the lines, each a proposal of its own when it reads one.
 * Their order counts: of two readings judged alike, best() keeps the earlier.
 */
const WHOLE_READERS: Reader[] = [
  readLayoutBlocks,
  readLayoutSerialRows,
  readSoup,
  readColumns,
  readInline,
  readRowLines,
  readNested,
  readLeadPoints,
  readBracketPoints,
  readColumnDump,
  readCriteriaFirst,
  readLabelledColumns,
  readCodedRows,
  readStackedNames,
  readRunningTotal,
  readAlignedPoints,
  readPairedColumns,
  readSubRows,
  readBandBlocks,
  readClauseRows,
];

/**
 * Each TAB cell of a line as a line of its own, at its own offset; a cell whose paragraphs were
 * joined with spaces (a Word cell: （1）…（8分）：… （2）…) split again before each numbered one.
 */
function cellLines(lines: Line[]): Line[] {
  return lines.flatMap((l) => {
    if (!l.text.includes('\t')) return [l];
    return tabCells(l).flatMap((cell) => {
      const cuts = [0];
      const at = /\s+(?=[（(]\d{1,2}[)）]|\d{1,2}[.、．](?!\d)|[a-z][)）.])/g;
      let c: RegExpExecArray | null;
      while ((c = at.exec(cell.text))) cuts.push(c.index + c[0].length);
      return cuts.flatMap((from, k) => {
        const text = cell.text.slice(from, cuts[k + 1] ?? cell.text.length).trim();
        const start = cell.span.start + from;
        return text ? [{ text, start, end: start + text.length }] : [];
      });
    });
  });
}

/**
 * A table pasted with its cells apart by runs of spaces instead of TABs (a web page or a PDF viewer's
 * copy: 1  磋商报价  30  满足磋商文件要求…): the lines with each inner run of two or more spaces read
 * as a TAB, offsets kept (the run's first space becomes the TAB). Null when no line of the part has
 * three such cells, or the part is already TAB text.
 */
function spacesAsTabs(lines: Line[]): Line[] | null {
  const GAP = /(?<=\S) {2,}(?=\S)|(?<=\S)\u3000+(?=\S)/g;
  if (lines.some((l) => l.text.includes('\t'))) return null;
  if (lines.filter((l) => (l.text.trim().match(GAP) ?? []).length >= 2).length < 3) return null;
  return foldHeaderWraps(lines).map((l) => ({ ...l, text: l.text.replace(GAP, (g) => '\t' + g.slice(1)) }));
}

/**
 * A header's labels wrapped onto the line below it at their column's width (得分下 / 限, 得分上 /
 * 限): each piece joined to the label it stands under, in the spaces after the label (the line's
 * length, and so every offset, kept), and the wrapped line left blank.
 */
function foldHeaderWraps(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 0; i + 1 < out.length; i++) {
    const labels = [...out[i].text.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ x: m.index, text: m[0] }));
    if (labels.length < 3 || labels.filter((m) => headerRole(m.text)).length < 2) continue;
    const pieces = [...out[i + 1].text.matchAll(/\S+/g)];
    if (!pieces.length || !pieces.every((p) => /^[\u4e00-\u9fa5]{1,2}$/.test(p[0]))) continue;
    let text = out[i].text;
    for (const p of pieces) {
      // (Under the label, a few columns past its end at most: a piece further right is another
      // label's, wrapped from above the header line — 权重 / 序号 评审因素 … / 分.)
      const label = labels.filter((m) => m.x <= p.index).pop();
      if (!label || p.index > label.x + label.text.length + 3) continue;
      const end = label.x + label.text.length;
      // (Room for the piece and a gap of two spaces after it.)
      if (text.slice(end, end + p[0].length + 2).trim() || end + p[0].length + 2 > text.length) continue;
      text = text.slice(0, end) + p[0] + text.slice(end + p[0].length);
      label.text += p[0];
    }
    if (text === out[i].text) continue;
    out[i] = { ...out[i], text };
    out[i + 1] = { ...out[i + 1], text: ' '.repeat(out[i + 1].text.length) };
  }
  return out;
}

const REREADINGS: Array<[string, (lines: Line[]) => Line[] | null]> = [
  ['halves', unfoldedHalves],
  ['gaps', spacesAsTabs],
];

export function proposalsFor(
  lines: Line[],
  title: string,
  isNoise: (t: string) => boolean,
  lot: number | null,
): Proposal[] {
  const out: Proposal[] = [];
  // The part read once more as its lines may mean: a table's two side-by-side halves one after the
  // other, cells apart by runs of spaces as TAB cells. (A rereading's lines hold no doubled header
  // and no space-only cells, so it does not recurse.)
  for (const [name, reread] of REREADINGS) {
    const again = reread(lines);
    if (again)
      out.push(
        ...proposalsFor(again, title, isNoise, lot).map((p) => ({ ...p, reader: `${name}:${p.reader}` })),
      );
  }
  const variants: Array<[string, CellOptions]> = [
    ['cells', {}],
    ['space', { spaceRows: true }],
  ];
  for (const [vname, opts] of variants) {
    const cells = cellsOf(lines, isNoise, opts);
    const stated = headerOrder(cells);
    for (const order of stated ? [stated] : ORDERS) {
      const s = readBySerial(cells, order, lot, `serial-${vname}-${order}`);
      if (s) out.push(s);
      const n = readByName(cells, order, lot, `name-${vname}-${order}`);
      if (n) out.push(n);
    }
  }
  const prose = readProse(lines, isNoise, lot);
  if (prose) out.push(prose);
  // Numbered prose inside a table's cell (评标办法前附表: 2.4 | 技术部分评分标准（45分） | （1）…（8分）：…).
  if (lines.some((l) => l.text.includes('\t'))) {
    const cellProse = readProse(cellLines(lines), isNoise, lot, 'prose-cells');
    if (cellProse) out.push(cellProse);
  }
  const legacy = readLegacyTable(lines, title, lot);
  if (legacy) out.push(legacy);
  if (lot == null) out.push(...readLotColumns(lines.filter((l) => !isNoise(l.text))));
  for (const read of WHOLE_READERS) {
    const p = read(lines, isNoise, lot);
    if (p) out.push(p);
  }
  // Readings of one part of the scoring beside the others (a table on its side beside upright ones,
  // 技术分 as labelled blocks in an appendix beside a 商务 table): each reading of the rest with its
  // items added is one more proposal.
  const parts = [
    readTransposed(lines, isNoise, lot),
    readTaggedBlocks(lines, isNoise, lot),
    readBandMatrix(lines, isNoise, lot),
  ];
  for (const part of parts) {
    if (!part) continue;
    const overlaps = (a: ProposedItem, b: ProposedItem) =>
      a.span.start < b.span.end && b.span.start < a.span.end;
    const withPart = out.flatMap((p) => {
      const extra = part.items.filter((s) => !p.items.some((i) => overlaps(i, s)));
      return extra.length === part.items.length && p.items.length
        ? [{ ...p, reader: `${p.reader}+${part.reader}`, items: [...p.items, ...extra] }]
        : [];
    });
    out.push(part, ...withPart);
  }
  // Points given by serial in a table of their own (序号 | 1 | 2 … over 分值 | 30 | 10 …).
  out.push(...withSerialPoints(lines, out));
  if (lot == null) {
    // The text of a span, from the lines (their offsets are the whole text's).
    const textOf = (a: number, b: number) =>
      lines
        .filter((l) => l.end > a && l.start < b)
        .map((l) => l.text.slice(Math.max(0, a - l.start), b - l.start))
        .join('\n');
    out.push(...out.flatMap((p) => byApplicability(p, textOf)));
  }
  return out;
}

const LOWEST =
  /(最低(?:评标|评审)价|经评审的最低投标价法|经评审的最低价|评审价最低|最低价成交|最低报价成交|最后报价最低|报价最低的|价格最低的|最低价法|不进行综合评分|不设技术分)/;

export function readScoring(
  text: string,
  given: Line[],
  title: string,
  lotCount: number,
  lotAt: (o: number) => number | null,
): ScoringReading {
  const lines = foldRomanCodes(given);
  const isNoise = pageNoise(lines, title);
  // (「本项目不采用综合评分法」 says the opposite of using it.)
  // (Read across line ends: 最后报价 / 最低的 wrapped at the page's width.)
  const joined = text.replace(/\s*\n\s*/g, '');
  // (A method declared — 本项目采用最低评审价法 — is not undone by a mention of 综合评分法 elsewhere:
  // 「权重…与综合评分法中的分值无关」.)
  const declared =
    /(?:采用|实行|评标办法|评审办法|评标方法|评审方法)[：:为]?(?:经评审的)?最低(?:评标|评审|投标)?价/.test(
      joined,
    );
  const lowest =
    LOWEST.test(joined) &&
    (declared || !/(?<!不(?:采用|适用|使用|实行|进行)|非)(?:综合评分法|综合评估法|综合评审法)/.test(joined));
  const stated = readStatedTotals(lines, lotAt, isNoise);
  // (A tender awarded on price alone scores no bid: a 履约考核评分表 or 验收 table there is the contract's.)
  const regs = regions(lines).filter(([a]) => !(lowest && /履约|考核|验收/.test(lines[a].text)));
  const allLines: [number, number] = [0, lines.length];
  // Without a scoring heading the whole text is searched, unless the tender awards on price alone:
  // then a table with points is another table's (a 履约验收评价表 used after the award).
  const ranges = regs.length ? regs : lowest ? [] : [allLines];
  // Two readings of the scoring parts: split at 包 markers (a table per 包), and whole.
  const readingOf = (split: boolean): Judged[] => {
    const byLotProposals = new Map<number | null, Proposal[]>();
    // Each 包's proposals by the part of the text (table) they read, to combine tables.
    const partsOfLot = new Map<number | null, Proposal[][]>();
    // (A region inside another is read alone beside it, not as a table of its own beside it.)
    let nested = false;
    const add = (lot: number | null, list: Proposal[]) => {
      byLotProposals.set(lot, [...(byLotProposals.get(lot) ?? []), ...list]);
      if (list.length && !nested) partsOfLot.set(lot, [...(partsOfLot.get(lot) ?? []), list]);
    };
    const inner = innerRegions(lines, ranges);
    for (const [a, b] of [...ranges, ...inner]) {
      nested = inner.some(([x, y]) => x === a && y === b);
      for (const part of byLot(lines.slice(a, b), split)) {
        const found = proposalsFor(part.lines, title, isNoise, part.lot);
        // (Rows named by the clause numbers of the tender's own headings, which stand elsewhere.)
        const keyed = readClauseKeyed(part.lines, lines, isNoise, part.lot);
        if (keyed) found.push(keyed);
        if (part.shared) {
          // (A reading that is already one 包's, a column per 包, stays that 包's.) A points cell
          // with a value per 包 (12/10: 第一包 12, 第二包 10) gives each 包 its own.
          for (const [k, lot] of part.shared.entries()) {
            const mine = found.filter((p) => p.lot == null || p.lot === lot);
            add(lot, [
              ...mine.map((p) => forLot(p, lot)),
              ...mine.flatMap((p) => perLotValues(p, k, part.shared!.length, text, lot)),
            ]);
          }
          continue;
        }
        // A table with a points column per 包 proposes a reading for each 包 at once.
        const lotsHere = new Set(found.map((p) => p.lot));
        for (const lot of lotsHere)
          add(
            lot,
            found.filter((p) => p.lot === lot),
          );
        if (!byLotProposals.has(part.lot)) byLotProposals.set(part.lot, []);
      }
    }
    // Two tables of one section read by different readers, together.
    for (const [lot, list] of byLotProposals)
      byLotProposals.set(lot, [
        ...list,
        // (Within one region: two readings of different sections that happen to add up are not a pair.)
        ...(partsOfLot.get(lot) ?? [list]).flatMap((part) =>
          complementaryPairs(part, statedFor(stated, lot)),
        ),
        ...withPartsDetailed(list),
        ...withFactorsDetailed(list),
        ...withMarkedClasses(list, text),
      ]);
    // Scoring split over several tables (技术评分表 and 商务评分表, 客观分 and 主观分): the best reading
    // of each table, together, is one more proposal for the 包.
    for (const [lot, parts] of partsOfLot) {
      if (parts.length < 2) continue;
      // Each table's reading must hold up on its own: most rows with points, names that are names.
      const picks = parts
        .map((list) => best(list, null, text))
        .filter(
          (j): j is Judged =>
            !!j &&
            j.p.items.length > 0 &&
            j.v.missingPoints * 3 <= j.p.items.length &&
            j.v.badNames * 3 <= j.p.items.length,
        )
        .map((j) => j.p);
      if (picks.length < 2) continue;
      const items: ProposedItem[] = [];
      for (const p of picks)
        for (const it of p.items)
          if (!items.some((o) => o.span.start < it.span.end && it.span.start < o.span.end)) items.push(it);
      const combined: Proposal = {
        reader: `tables(${picks.map((p) => p.reader).join('+')})`,
        lot,
        items,
        subtotals: picks.flatMap((p) => p.subtotals),
      };
      byLotProposals.set(lot, [...(byLotProposals.get(lot) ?? []), combined]);
    }
    if (regs.length && !lowest && ![...byLotProposals.values()].some((l) => l.length))
      byLotProposals.set(null, proposalsFor(lines, title, isNoise, null));
    const lotted = [...byLotProposals.entries()].filter(([k, l]) => k != null && l.length).length;
    const out: Judged[] = [];
    for (const [lot, list] of byLotProposals) {
      // With tables per 包, the text before the first 包 marker is not a reading of its own.
      if (lot == null && lotted >= 2) continue;
      const j = best(list, statedFor(stated, lot), text);
      // (A tender that declares a price-only method counts only a reading of a total it states: the
      // weights of its price formula add up to 100 too.)
      if (j && j.p.items.length && acceptable(j, lowest) && (!declared || j.v.fitsTotal)) out.push(j);
    }
    return out;
  };
  const whole = readingOf(false);
  const split = readingOf(true);
  const lotsSeen = new Set(split.map((j) => j.p.lot).filter((l) => l != null));
  const score = (js: Judged[]) => js.reduce((s, j) => s + j.v.score, 0) / Math.max(1, js.length);
  // The whole reading may itself be per 包 (one table with a column per 包, or an 适用包 column);
  // then the two readings are weighed as they are.
  const wholeLots = new Set(whole.map((j) => j.p.lot).filter((l) => l != null));
  const useSplit =
    lotsSeen.size >= 2 && ((lotCount >= 2 && wholeLots.size < 2) || score(split) >= score(whole));
  let chosen = useSplit
    ? split.filter((j) => j.p.lot != null)
    : wholeLots.size >= 2
      ? whole.filter((j) => j.p.lot != null)
      : whole.map((j) => ({ ...j, p: { ...j.p, lot: null } }));
  const derived = lotCount >= 2 || lotsSeen.size ? derivedLots(text) : [];
  const fromOthers = withDerived(chosen, derived, useSplit, [...lotsSeen] as number[], stated, text);
  if (fromOthers) chosen = fromOthers;
  const hasLots = useSplit || wholeLots.size >= 2 || !!fromOthers;
  const items: ScoringItem[] = [];
  const warnings: string[] = [];
  for (const { p, v } of chosen) {
    for (const it of p.items) {
      const groupCat = it.group ? categoryOfLabel(it.group) : null;
      items.push({
        id: `S${items.length + 1}`,
        category:
          it.category && it.category !== 'price' && categoryOfName(it.name, null) !== 'price'
            ? it.category
            : groupCat
              ? categoryOfName(it.name, groupCat)
              : itemCategory(it),
        // 投标报价评分标准 (a table's own title read as its only row) names the item 投标报价.
        name: truncate(
          unfoldRoman(it.name, text, it.nameSpan.start)
            .replace(/(?<=..)(?:评分标准|评审标准|评分细则|评审细则|评分办法)$/, '')
            // Nor is the block's title read into the name before it (资信业绩评分标准类似项目业绩: a
            // Word-copied 前附表's first column heads the block's rows).
            .replace(/^[^（(\d]{2,12}?(?:评分标准|评审标准|评分细则|评审细则)(?=[\u4e00-\u9fa5]{2})/, '')
            // Its row's serial written into the name's cell (10.投标报价) is not part of the name.
            .replace(
              /^\s*(?:\d{1,2}[.、．]|\d{1,2}(?:\.\d{1,2})+\s|\d{1,2}(?:\.\d{1,2}){2,}\s*[（(]\d{1,2}[)）]|[（(]\d{1,2}[)）])\s*(?=[\u4e00-\u9fa5])/,
              '',
            )
            // Nor is the next page's repeated header, read into a row the page break cut (项目人员配备 /
            // 序 评分因素 / …).
            .replace(/(?<=[\u4e00-\u9fa5]{2})(?:序号?)?(?:评分因素|评审因素|评分项目|评审项目|评审要素)$/, '')
            // A note in the name's cell (需求理解与分析（注：须结合…）) is not part of the name.
            .replace(/(?<=..)\s*[（(]\s*(?:注|备注|说明)\s*[：:][^）)]*[）)]?\s*$/, '')
            // Nor is how its points are earned, wrapped into the name's cell (测评工具（每项2分）),
            // nor its points or their range (咨询服务方案（0～12分）).
            .replace(/(?<=..)\s*[（(]\s*每[^（）()]{0,12}分\s*[）)]?\s*$/, '')
            .replace(
              /(?<=..)\s*[（(【〔［]\s*(?:满分|最高)?\s*(?:\d{1,3}(?:\.\d+)?\s*分?\s*[-–—~～至]\s*)?\d{1,3}(?:\.\d+)?\s*分\s*[）)】〕］]\s*$/,
              '',
            ),
          200,
        ),
        group: it.group
          ? truncate(it.group.replace(/[（(]\s*\d+(?:\.\d+)?\s*(?:分|%|％)\s*[）)]$/, ''), 200)
          : null,
        points: it.points,
        criteria: truncate(it.criteria, 4000),
        lot: hasLots ? p.lot : null,
        source: { start: it.span.start, end: Math.max(it.span.end, it.span.start + 1) },
      });
    }
    const where = hasLots && p.lot != null ? `包${p.lot}：` : '';
    if (v.fitsTotal === false)
      warnings.push(
        `${where}找到 ${p.items.length} 项共 ${fmt(v.sum)} 分，招标文件总分 ${fmt(v.total!)} 分，请核对评分项`,
      );
    for (const c of v.categories)
      if (Math.abs(c.found - c.stated) > 0.01 && v.fitsTotal !== false)
        warnings.push(
          `${where}${LABEL[c.category]}部分找到 ${fmt(c.found)} 分，招标文件写明 ${fmt(c.stated)} 分`,
        );
    if (v.missingPoints) warnings.push(`${where}有 ${v.missingPoints} 个评分项未读到分值，请补充`);
  }
  const lowestPrice = !items.length && lowest;
  if (!items.length && !lowestPrice)
    warnings.push('未识别到评分标准（评分因素及分值）；请在评分项核对中粘贴招标文件的评分表，或逐项添加');
  return {
    items,
    stated,
    warnings,
    lowestPrice,
    lots: hasLots ? [...new Set(chosen.map((j) => Number(j.p.lot)))].sort((a, b) => a - b) : [],
    readers: chosen.map((c) => `${c.p.lot ?? '-'}:${c.p.reader}`),
  };
}

const LABEL = { price: '价格', technical: '技术', commercial: '商务', other: '其他' } as const;
const fmt = (n: number) => String(Math.round(n * 100) / 100);
