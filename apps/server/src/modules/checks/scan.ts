import { PLACEHOLDER_RE, type PMNode } from '@bid/document';
import type { AnonymityKind } from '@bid/shared';

/**
 * Text scans behind the bid checks, pure functions on one chapter's document: the placeholders it
 * leaves open, its sentences (for ★/废标 answers), identity leaks (暗标) and its images.
 */

const TO_CONFIRM_RE = /【待确认】/g;

/** One chapter as the checks see it. */
export interface ChapterText {
  id: string;
  title: string;
  /** Titles from the top-level chapter down to this one. */
  path: string[];
  /** Visible text without placeholders, blocks on their own lines. */
  text: string;
  placeholders: string[];
  images: string[];
  hasContent: boolean;
}

/** Walks a ProseMirror document: text, open placeholders (as the writer sees them), images. */
export function readChapter(
  doc: PMNode | null | undefined,
): Pick<ChapterText, 'text' | 'placeholders' | 'images' | 'hasContent'> {
  const placeholders: string[] = [];
  const images: string[] = [];
  const lines: string[] = [];
  let elements = 0;
  const inline = (n: PMNode): string => {
    if (n.type === 'text') {
      const t = n.text ?? '';
      // Placeholders typed by hand stay text; they are open placeholders all the same.
      for (const m of t.matchAll(PLACEHOLDER_RE)) placeholders.push(`【待填写：${m[1].trim()}】`);
      // A response table's 偏离 cell nobody answered yet is open too.
      for (const m of t.matchAll(TO_CONFIRM_RE)) placeholders.push(m[0]);
      return t.replace(PLACEHOLDER_RE, ' ').replace(TO_CONFIRM_RE, ' ');
    }
    if (n.type === 'placeholder') {
      placeholders.push(`【待填写：${String(n.attrs?.label ?? '').trim()}】`);
      return ' ';
    }
    if (n.type === 'hardBreak') return '\n';
    return (n.content ?? []).map(inline).join('');
  };
  const block = (n: PMNode) => {
    if (n.type === 'paragraph' || n.type === 'heading') {
      const t = inline(n).trim();
      if (t) lines.push(t);
      return;
    }
    if (n.type === 'image') images.push(String(n.attrs?.caption || n.attrs?.alt || n.attrs?.title || '图片'));
    if (n.type === 'image' || n.type === 'diagram') elements++;
    for (const c of n.content ?? []) block(c);
  };
  if (doc) block(doc);
  const text = lines.join('\n');
  return { text, placeholders, images, hasContent: Boolean(text.replace(/\s/g, '')) || elements > 0 };
}

/** Sentences of a text (Chinese and Latin end marks, line ends). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;])|\n/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 4);
}

/** Words a clause shares with any bid; they say nothing about whether it is answered. */
const FILLER =
  /★|▲|[（(]?\d+[)）.、]|投标人|供应商|磋商人|响应人|须|必须|应当|应|需|要求|提供|承诺|满足|具有|具备|不得|否则|按|招标文件|采购文件|规定|的|及|和|与|或|等|并|且|其|中|为|是|在|对|有/g;

function bigrams(s: string): Set<string> {
  const clean = s.replace(FILLER, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ');
  const out = new Set<string>();
  for (const part of clean.split(' ')) {
    for (let i = 0; i + 1 < part.length; i++) out.add(part.slice(i, i + 2));
  }
  return out;
}

/** Share of the clause's content bigrams a sentence repeats (0..1). */
export function answerScore(clause: string, sentence: string): number {
  const want = bigrams(clause);
  if (!want.size) return 0;
  const have = bigrams(sentence);
  let hit = 0;
  for (const b of want) if (have.has(b)) hit++;
  return hit / want.size;
}

/** A sentence answers a clause when it restates most of what the clause is about. */
export const ANSWER_THRESHOLD = 0.5;

export interface ClauseAnswer {
  answered: boolean;
  chapters: Array<{ id: string; title: string }>;
  sentence: string | null;
}

/** The bidder speaking for itself: a commitment has a first-person subject. */
const BIDDER = /我方|我司|我公司|本公司|我单位|本单位|我们|我院|本投标人|本供应商/;
/** ...and a verb that binds it. */
const BINDS = /承诺|保证|确保|将|会|同意|接受|提供|配备|安排|派驻|满足|响应|执行|遵守|已|具备|具有|按/;

/**
 * A sentence commits to a clause when, beyond what it repeats of the clause, the bidder says it
 * will do it (「我方承诺…」「本公司保证…」). The clause repeated back, with 「——响应，无负偏离」
 * or a placeholder after it, is no answer: the writer has not yet said anything.
 */
export function commits(clause: string, sentence: string): boolean {
  const own = sentence.replace(PLACEHOLDER_RE, ' ');
  if (!BIDDER.test(own)) return false;
  // The bidder's words, with the clause's own characters taken out, must still bind it.
  const clauseChars = new Set(Array.from(clause.replace(/[^\p{L}\p{N}]/gu, '')));
  const subject = own.match(BIDDER)!.index!;
  const after = own.slice(subject);
  return (
    BINDS.test(after) && Array.from(after).some((ch) => /[\p{L}\p{N}]/u.test(ch) && !clauseChars.has(ch))
  );
}

/**
 * Where a clause is answered: the best sentence and every chapter holding an answering one. A
 * sentence answers when it is about the clause (ANSWER_THRESHOLD) and commits to it (`commits`).
 */
export function findAnswer(clause: string, chapters: ChapterText[]): ClauseAnswer {
  let best: { score: number; sentence: string } | null = null;
  const where: Array<{ id: string; title: string }> = [];
  for (const c of chapters) {
    let hit = false;
    for (const s of sentencesOf(c.text)) {
      const score = answerScore(clause, s);
      if (score < ANSWER_THRESHOLD || !commits(clause, s)) continue;
      hit = true;
      if (!best || score > best.score) best = { score, sentence: s };
    }
    if (hit) where.push({ id: c.id, title: c.title });
  }
  return { answered: Boolean(best), chapters: where, sentence: best?.sentence ?? null };
}

export interface Leak {
  kind: AnonymityKind;
  text: string;
}

const COMPANY_RE =
  /[\p{Script=Han}A-Za-z0-9（）()]{2,30}?(?:股份有限公司|有限责任公司|有限公司|集团公司|集团|公司|研究院|设计院|事务所)/gu;
/** Words before a name that are not part of it. */
const LEADING_WORDS =
  /^(?:我方|我们|本公司|本单位|我公司|由|为|是|与|和|及|在|向|对|经|将|以|于|按|并|且|即|系|属|作为|其中|其)+/u;
const GENERIC_PREFIX =
  /^(?:本|贵|该|分|子|总|母|各|我|其|此|上述|投标|招标|代理|供应商|中标|成交|采购|建设|施工|监理|咨询|物业|保安|保洁|运维|服务)$/u;
const COMPANY_SUFFIX = /(?:股份有限公司|有限责任公司|有限公司|集团公司|集团|公司|研究院|设计院|事务所)$/u;
/** Characters that end the words before a name (运维团队由…, 我方与…); a name keeps at least 4 of its own. */
const BOUNDARY = /[由是为与和及在向对经将以于按并即系属被给从的了]/gu;

/** A company name without the words the sentence put before it. */
function trimLeading(match: string): string {
  const name = match.replace(LEADING_WORDS, '');
  const body = name.replace(COMPANY_SUFFIX, '');
  const cuts = [...body.matchAll(BOUNDARY)].map((m) => m.index! + 1).reverse();
  for (const cut of cuts) if (body.length - cut >= 4) return name.slice(cut);
  return name;
}

const PERSON_RE =
  /(?:项目经理|项目负责人|技术负责人|安全负责人|质量负责人|负责人|联系人|法定代表人|授权代表|委托代理人|总监|姓名)[为是：:\s]*([\p{Script=Han}]{2,3}?)(?=[，,。；;、：:\s（()）]|$|担任|负责|先生|女士|同志|具有|持有)/gmu;
const SURNAMES = new Set(
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧阳司马上官诸葛'.split(
    '',
  ),
);
const NOT_NAMES =
  /^(?:全面|全权|主持|主要|负责|统筹|现场|具体|高度|任务|方案|方面|常驻|专职|驻场|岗位|人员|为准|应当|需要|必须|由我|由其|姓名|职称|项目|技术|安全|质量|经理)/u;
const PHONE_RE = /(?<![\d-])(?:1[3-9]\d{9}|0\d{2,3}[-－]\d{7,8}|400[-－]?\d{3}[-－]?\d{4})(?![\d-])/g;
const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * Identity leaks in one chapter's text: company names (other than the tenderer's and the agency's,
 * which a bid may name), people named after a role, phone numbers and e-mail addresses.
 */
export function findLeaks(text: string, allowed: string[], knownCompanies: string[] = []): Leak[] {
  const out: Leak[] = [];
  const seen = new Set<string>();
  const add = (kind: AnonymityKind, value: string) => {
    const key = `${kind}:${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind, text: value });
  };
  const isAllowed = (name: string) => allowed.some((a) => a && (a.includes(name) || name.includes(a)));
  for (const known of knownCompanies) if (known && text.includes(known)) add('company', known);
  for (const m of text.matchAll(COMPANY_RE)) {
    const name = trimLeading(m[0]);
    const prefix = name.replace(COMPANY_SUFFIX, '');
    if (prefix.length < 2 || GENERIC_PREFIX.test(prefix) || isAllowed(name)) continue;
    if (knownCompanies.some((k) => k.includes(name))) continue;
    add('company', name);
  }
  for (const m of text.matchAll(PERSON_RE)) {
    const name = m[1];
    if (!SURNAMES.has(name[0]) || NOT_NAMES.test(name)) continue;
    add('person', name);
  }
  for (const m of text.matchAll(PHONE_RE)) add('phone', m[0]);
  for (const m of text.matchAll(EMAIL_RE)) add('email', m[0]);
  return out;
}
