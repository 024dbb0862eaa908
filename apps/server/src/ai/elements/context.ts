import type { PMNode } from '@bid/document';

/**
 * What element generators know about a chapter: its place in the bid, its own text read into a
 * light structure (headings, lists, numbered paragraphs), and the project period from the tender.
 * Pure: built from plain data so that generators can be tested without a server.
 */
export interface ElementContext {
  bidName: string;
  /** Titles from the top-level chapter down to this one (this one last). */
  path: string[];
  chapterTitle: string;
  /** Titles of the chapter's outline children. */
  childTitles: string[];
  /** The chapter's content read into blocks. */
  blocks: Block[];
  /** Plain text of the chapter. */
  text: string;
  /** The tender's text (for the period and domain), possibly empty. */
  tenderText: string;
  /** The project period as the analysis found it (e.g. "365 日历天"). */
  periodText: string | null;
  instruction?: string;
}

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: ListItem[] }
  | { kind: 'table'; rows: string[][] };

export interface ListItem {
  text: string;
  children: ListItem[];
}

function inlineText(n: PMNode | undefined): string {
  if (!n) return '';
  if (n.type === 'text') return n.text ?? '';
  if (n.type === 'hardBreak') return ' ';
  if (n.type === 'placeholder') {
    // Keep it visibly a placeholder: an element must not pass an unwritten fact off as content.
    const label = String(n.attrs?.label ?? '').trim();
    return label.startsWith('【') ? label : `【待填写：${label}】`;
  }
  return (n.content ?? []).map(inlineText).join('');
}

function listItems(list: PMNode): ListItem[] {
  return (list.content ?? [])
    .filter((li) => li.type === 'listItem')
    .map((li) => {
      const paras = (li.content ?? []).filter((c) => c.type === 'paragraph' || c.type === 'heading');
      const nested = (li.content ?? []).filter((c) => c.type === 'bulletList' || c.type === 'orderedList');
      return {
        text: paras.map(inlineText).join(' ').trim(),
        children: nested.flatMap(listItems),
      };
    })
    .filter((i) => i.text || i.children.length);
}

/** Reads a ProseMirror document into blocks (nested blockquotes are read through). */
export function docBlocks(doc: PMNode | null | undefined): Block[] {
  const out: Block[] = [];
  const walk = (n: PMNode) => {
    switch (n.type) {
      case 'heading':
        out.push({ kind: 'heading', level: Number(n.attrs?.level ?? 1), text: inlineText(n).trim() });
        return;
      case 'paragraph': {
        const t = inlineText(n).trim();
        if (t) out.push({ kind: 'paragraph', text: t });
        return;
      }
      case 'bulletList':
      case 'orderedList':
        out.push({ kind: 'list', ordered: n.type === 'orderedList', items: listItems(n) });
        return;
      case 'table':
        out.push({
          kind: 'table',
          rows: (n.content ?? []).map((row) => (row.content ?? []).map((cell) => inlineText(cell).trim())),
        });
        return;
      default:
        for (const c of n.content ?? []) walk(c);
    }
  };
  if (doc) walk(doc);
  return out;
}

/** Enumerators at the start of a paragraph: 1. 1、 （1） (1) ① 一、 （一） 第一步 步骤一. */
const STEP_RE =
  /^(?:第[一二三四五六七八九十\d]+步[：:、.．\s]*|步骤[一二三四五六七八九十\d]+[：:、.．\s]*|\d{1,2}[.．、)）](?!\d)\s*|[（(]\d{1,2}[)）]\s*|[①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮]\s*|[一二三四五六七八九十]+[、.．]\s*|[（(][一二三四五六七八九十]+[)）]\s*)/;

export function stepMarker(text: string): { marker: string; rest: string } | null {
  const m = STEP_RE.exec(text);
  if (!m || text.length <= m[0].length) return null;
  return { marker: m[0].trim(), rest: text.slice(m[0].length).trim() };
}

/**
 * A short label from a sentence: the lead-in before the first colon, or the first clause, cut to
 * `max` characters at a natural boundary, without trailing punctuation.
 */
export function shortLabel(text: string, max = 20): string {
  let t = text.replace(/\s+/g, ' ').trim();
  // A placeholder stays one: its inner instruction is too long for a label.
  if (/^【待[填补]/.test(t)) return '【待填写】';
  const colon = t.search(/[：:]/);
  if (colon > 1 && colon <= max + 4) t = t.slice(0, colon);
  else {
    const clause = t.search(/[，,；;。！？!?]/);
    if (clause > 1) t = t.slice(0, clause);
  }
  t = t.replace(/[，,；;。！？!?、：:\s]+$/u, '');
  if ([...t].length > max) t = `${[...t].slice(0, max - 1).join('')}…`;
  return t;
}

const NUM_CN: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};
function cnNumber(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  if (s.length === 1) return NUM_CN[s] ?? NaN;
  if (s.startsWith('十')) return 10 + (NUM_CN[s[1]] ?? 0);
  if (s.endsWith('十')) return (NUM_CN[s[0]] ?? NaN) * 10;
  return (NUM_CN[s[0]] ?? NaN) * 10 + (NUM_CN[s[2]] ?? 0);
}

/**
 * The project period in calendar days, from the analysis or the tender text: 工期 365 日历天,
 * 服务期 3 年, 180 天内完成, 合同签订后 6 个月 ... null when nothing says so.
 */
export function periodDays(periodText: string | null, tenderText: string): number | null {
  const sources = [periodText ?? '', tenderText];
  const patterns: Array<[RegExp, number]> = [
    [
      /(?:工期|建设周期|实施周期|交货期|交付期|履行期限)[^0-9一二三四五六七八九十\n。；]{0,16}?([0-9]+|[一二三四五六七八九十]{1,3})\s*(?:个)?\s*(日历天|天|日)/,
      1,
    ],
    [/([0-9]+|[一二三四五六七八九十]{1,3})\s*(?:日历天|天)内(?:完成|交付|竣工|交货)/, 1],
    [/^\s*([0-9]+)\s*(日历天|天|日)\s*$/, 1],
    [
      /(?:工期|建设周期|实施周期|服务期限?|履行期限|期限)[^0-9一二三四五六七八九十\n。；]{0,16}?([0-9]+|[一二三四五六七八九十]{1,3})\s*个?\s*(月)/,
      30,
    ],
    [/([0-9]+|[一二三四五六七八九十]{1,3})\s*个月内(?:完成|交付|竣工|交货)?/, 30],
    [
      /(?:工期|建设周期|实施周期|服务期限?|履行期限|期限)[^0-9一二三四五六七八九十\n。；]{0,16}?([0-9]+|[一二三四五六七八九十]{1,3})\s*(周)/,
      7,
    ],
    [
      /(?:服务期限?|履行期限|合同期限?)[^0-9一二三四五六七八九十\n。；]{0,16}?([0-9]+|[一二三四五六七八九十]{1,3})\s*(年)/,
      365,
    ],
  ];
  // Patterns in order of trust (a construction period before a service period), each over both sources.
  for (const [re, factor] of patterns) {
    for (const src of sources) {
      if (!src) continue;
      const m = re.exec(src);
      if (!m) continue;
      const n = cnNumber(m[1]);
      if (Number.isFinite(n) && n > 0) {
        const days = n * factor;
        if (days >= 1 && days <= 3650) return days;
      }
    }
  }
  // The analysis's period value on its own, e.g. "三年（合同一年一签）".
  const bare = /^\s*([0-9]+|[一二三四五六七八九十]{1,3})\s*个?\s*(年|月|周|日历天|天|日)/.exec(
    periodText ?? '',
  );
  if (bare) {
    const n = cnNumber(bare[1]);
    const factor = { 年: 365, 月: 30, 周: 7, 日历天: 1, 天: 1, 日: 1 }[bare[2] as '年'] ?? 1;
    if (Number.isFinite(n) && n > 0 && n * factor <= 3650) return n * factor;
  }
  return null;
}

export type Domain = 'road' | 'construction' | 'it' | 'service' | 'goods' | 'general';

/** What kind of project the tender is about, for phase templates and keywords. */
export function domainOf(
  ctx: Pick<ElementContext, 'tenderText' | 'bidName' | 'chapterTitle' | 'text'>,
): Domain {
  const t = `${ctx.bidName} ${ctx.chapterTitle} ${ctx.tenderText.slice(0, 20_000)} ${ctx.text.slice(0, 5000)}`;
  const score = (re: RegExp) => (t.match(re) ?? []).length;
  // Roads before buildings: a road bid also speaks of 施工 and 混凝土, but of 路基 and 路面 above all.
  const road = score(/道路|路基|路面|沥青|水稳|基层|公路|市政道路|人行道|路缘石|交通标线|管网|排水管|桥涵/g);
  if (road >= 6) return 'road';
  const scores: Array<[Domain, number]> = [
    ['construction', score(/施工|土建|工程量|建筑|混凝土|钢筋|主体结构|装饰装修|竣工|监理|总承包/g)],
    ['it', score(/系统|软件|平台|信息化|数据|网络|服务器|开发|部署|接口|运维/g)],
    ['service', score(/物业|保洁|安保|服务期|驻场|后勤|餐饮|绿化养护|运营服务/g)],
    ['goods', score(/供货|货物|设备采购|交货|到货|安装调试|质保期/g)],
  ];
  scores.sort((a, b) => b[1] - a[1]);
  return scores[0][1] >= 3 ? scores[0][0] : 'general';
}

/** Plain text of blocks (for prompts and keyword extraction). */
export function blocksText(blocks: Block[]): string {
  const lines: string[] = [];
  const items = (list: ListItem[], depth: number) => {
    for (const i of list) {
      lines.push(`${'  '.repeat(depth)}- ${i.text}`);
      items(i.children, depth + 1);
    }
  };
  for (const b of blocks) {
    if (b.kind === 'heading') lines.push(`${'#'.repeat(Math.min(6, b.level))} ${b.text}`);
    else if (b.kind === 'paragraph') lines.push(b.text);
    else if (b.kind === 'list') items(b.items, 0);
    else lines.push(...b.rows.map((r) => `| ${r.join(' | ')} |`));
  }
  return lines.join('\n');
}

/** Builds the context from what the catalog and bid services hold. */
export function buildContext(input: {
  bidName: string;
  path: string[];
  childTitles: string[];
  doc: PMNode | null | undefined;
  tenderText?: string | null;
  periodText?: string | null;
  instruction?: string;
}): ElementContext {
  const blocks = docBlocks(input.doc);
  return {
    bidName: input.bidName,
    path: input.path,
    chapterTitle: input.path[input.path.length - 1] ?? '',
    childTitles: input.childTitles,
    blocks,
    text: blocksText(blocks),
    tenderText: input.tenderText ?? '',
    periodText: input.periodText ?? null,
    instruction: input.instruction,
  };
}
