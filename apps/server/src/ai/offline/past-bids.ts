import type { ProjectFacts } from '@bid/shared';
import type { ChapterContext } from '../types.ts';
import { sentences } from '../tender-text.ts';

/**
 * The offline draft from what the company has (issue 26, scope 5): when the knowledge base found
 * passages of the company's past bids for a chapter, the draft is built from their sentences, adapted
 * to this project. The old project's name becomes this one's; its owner, dates and amounts are
 * marked for the writer, since nothing says they hold here. The passages are the chapter's
 * `sources` (modules/knowledge/grounding.ts), so the screen names the document they came from.
 */

const ph = (label: string) => `【待填写：${label}】`;

/** The heading the carried-over text stands under (the appendix then leaves the passages out). */
export const PAST_BID_HEADING = '### 本项目做法';

/** What a file name adds to a project's name (投标文件, 技术标, the extension...). */
const FILE_WORDS =
  /\.(docx?|pdf|txt)$|[（(]?(投标文件|响应文件|技术标|商务标|技术部分|商务部分|投标书|标书|正本|副本|定稿|终稿)[）)]?|[-_—\s]+$/g;

/** The old project's name from its document's name: what is left once the file words are gone. */
export function projectOfDocument(documentName: string): string | null {
  let name = documentName;
  for (let i = 0; i < 3; i++) name = name.replace(FILE_WORDS, '').trim();
  return name.length >= 6 && /项目|工程|服务|采购|建设/.test(name) ? name : null;
}

const DATE = /\d{4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?)?|\d{4}[-./]\d{1,2}[-./]\d{1,2}/g;
const AMOUNT = /(?:人民币|¥|￥)?\s*\d[\d,]*(?:\.\d+)?\s*(?:亿元|万元|元)/g;
const OWNER =
  /((?:采购人|招标人|业主|甲方|建设单位)(?:为|是|：|:)?)\s*([\p{Script=Han}（）()]{4,30}?(?:局|委员会|中心|医院|学校|大学|学院|公司|政府|办公室|街道|管理处|所|院|站|馆))/gu;

/** One sentence of a past bid, told about this project: its name, and the rest marked to check. */
export function adaptSentence(s: string, oldNames: string[], facts: ProjectFacts): string {
  let out = s;
  for (const old of oldNames) out = out.split(old).join(facts.name || ph('本项目名称'));
  return out
    .replace(OWNER, (_m, lead: string, who: string) =>
      facts.owner ? `${lead}${facts.owner}` : `${lead}${ph(`采购人（原文为${who}）`)}`,
    )
    .replace(DATE, (d) => ph(`日期（原文为${d.replace(/\s/g, '')}，按本项目填写）`))
    .replace(AMOUNT, (a) => ph(`金额（原文为${a.replace(/\s/g, '')}，按本项目填写）`));
}

/** Sentences worth carrying over: whole statements, not headings, list numbers or form lines. */
function usable(s: string): boolean {
  const t = s.replace(/^[\d一二三四五六七八九十]+[.、．）)]\s*/, '').trim();
  return t.length >= 12 && /[。；！]$/.test(t) && !/【|】|\|/.test(t);
}

/**
 * Paragraphs for the chapter from the passages of past bids (best match first), up to about the
 * chapter's target; [] when the library holds none. Each sentence is used once.
 */
export function pastBidLines(ctx: ChapterContext): string[] {
  const passages = ctx.grounding?.passages ?? [];
  // A 暗标 part must not carry the company's own wording (names, places, people) over.
  if (!passages.length || ctx.darkBid) return [];
  const budget = Math.max(300, Math.round((ctx.targetWords || 800) * 0.8));
  const seen = new Set<string>();
  const used: string[] = [];
  const docs: string[] = [];
  let size = 0;
  for (const p of passages) {
    const oldName = projectOfDocument(p.documentName);
    const took = used.length;
    for (const raw of sentences(p.text)) {
      const s = raw.replace(/^[\d一二三四五六七八九十]+[.、．）)]\s*/, '').trim();
      if (!usable(s) || seen.has(s)) continue;
      seen.add(s);
      const adapted = adaptSentence(s, oldName ? [oldName] : [], ctx.facts);
      used.push(adapted);
      size += adapted.length;
      if (size >= budget) break;
    }
    if (used.length > took && !docs.includes(p.documentName)) docs.push(p.documentName);
    if (size >= budget) break;
  }
  if (!used.length) return [];
  const paragraphs: string[] = [];
  for (let i = 0; i < used.length; i += 4) paragraphs.push(used.slice(i, i + 4).join(''));
  return [
    '',
    PAST_BID_HEADING,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    // Said in the text, not in a placeholder: the writer and the reviewer see where it came from.
    `以上内容据我司以往投标文件《${docs.join('》《')}》改写，请核对与本项目是否相符；原文中的日期、金额已标出待填写。`,
  ];
}
