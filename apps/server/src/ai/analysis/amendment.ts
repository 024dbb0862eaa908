import type { AmendmentChange, SourceSpan, TenderAnalysis } from '@bid/shared';
import { findByName, squashName } from './item-name.ts';
import { rawLinesOf } from './lines.ts';
import { formChanges, withForm } from './amendment-forms.ts';
import { applyPriceLimit, priceLimitChanges } from './amendment-price.ts';
import { statementsOf, type Statement } from './amendment-wording.ts';

/**
 * Amendments (补遗 / 澄清 / 答疑) read against the tender: what an amendment changes, as a list of
 * changes (原文 / 变更为) with the passages on both sides, and the tender's analysis with those
 * changes applied. The scoring readers are not used here: an amendment states its changes in prose
 * (「第3项“项目实施方案”分值调整为15分」), not as a scoring table. The wordings a change is stated
 * in (调整为, 由…变更为…, 原…现…, 原文/更正为 lines, 更正前/更正后 tables) are read once
 * (amendment-wording.ts); each kind tests what a statement changes.
 */

const DATE =
  /\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日(?:\s*[（(][^）)]{1,6}[）)])?(?:\s*(?:上午|下午|北京时间)?\s*\d{1,2}\s*(?:[:：]\s*\d{2}|[时点](?:\s*\d{1,2}\s*分)?))?|\d{4}-\d{1,2}-\d{1,2}(?:\s+\d{1,2}:\d{2})?/;

/** Which date a line changes: the deadline (投标截止/递交截止) or the opening (开标). */
const DATE_KINDS: Array<{ label: string; test: RegExp; tender: RegExp }> = [
  { label: '投标截止时间', test: /(截止|递交|提交)/, tender: /(截止|递交|提交)/ },
  { label: '开标时间', test: /开标/, tender: /开标/ },
];
const CHANGED = /(调整|变更|更改|修改|延期|延长|推迟|顺延|改为|更正)/;

const POINTS =
  /(?:第\s*([一二三四五六七八九十\d]+)\s*项)?\s*[“"「『‘]([^”"」』’\n]{1,60})[”"」』’][^\n。；;]{0,30}?(?:调整|变更|更改|修改|改)为\s*(\d+(?:\.\d+)?)\s*分/g;

const PAGES =
  /(?:页数|篇幅|页码)[^\n。；;]{0,20}?(?:调整|变更|修改|更改|改)为[^\n。；;\d]{0,10}(\d{1,4})\s*页/;

const STAR_ADDED = /★\s*([^\n]+)/g;
const DQ_ADDED = /(?:新增|增加|补充)[^\n]{0,20}?(?:废标|无效投标|否决投标)[^\n]{0,6}?[：:]\s*([^\n]+)/g;

/** A clause without its mark and enumerator (★1. …, as the tender numbers it, is the same clause). */
const clauseKey = (s: string) => squashName(s.replace(/^\s*[★▲]?\s*\d{1,3}\s*[.．、)）]\s*/, ''));
const cut = (s: string, n = 2000) => (s.length > n ? s.slice(0, n) : s);
const passage = (text: string, span: SourceSpan | null | undefined) =>
  span ? cut(text.slice(span.start, span.end).trim()) : null;

/** Changes stated apart from their words (原文/更正为 lines, 更正前/更正后 cells) as one line each. */
const statedLines = (statements: Statement[]) =>
  statements
    .filter((s) => s.origin !== 'sentence')
    .map((s) => ({ text: `${s.subject}调整为${s.after}`, start: s.start, end: s.end, passage: s.text }));

function dateChanges(
  a: TenderAnalysis,
  tender: string,
  text: string,
  statements: Statement[],
): AmendmentChange[] {
  const out: AmendmentChange[] = [];
  const seen = new Set<string>();
  const lines = [...rawLinesOf(text).map((l) => ({ ...l, passage: l.text })), ...statedLines(statements)];
  for (const line of lines) {
    const verb = CHANGED.exec(line.text);
    if (!verb) continue;
    // 原…为2026年12月10日，现调整为2026年12月20日: the date after the change word is the new one.
    const dates = [...line.text.matchAll(new RegExp(DATE.source, 'g'))];
    const date = dates.find((d) => d.index >= verb.index) ?? dates[0];
    if (!date) continue;
    // The date's own kind is named before it (投标截止时间及开标时间均调整为… names both).
    const head = line.text.slice(0, date.index);
    for (const kind of DATE_KINDS) {
      if (!kind.test.test(head) || seen.has(kind.label)) continue;
      seen.add(kind.label);
      const was = a.keyDates.find(
        (k) => kind.tender.test(k.label) && (kind.label !== '投标截止时间' || !/开标/.test(k.label)),
      );
      out.push({
        kind: 'date',
        label: was?.label ?? kind.label,
        before: was?.value ?? null,
        after: date[0].replace(/\s+/g, ''),
        itemId: null,
        source: { start: line.start, end: line.end },
        tenderSource: was?.source ?? null,
        sourceText: cut(line.passage.trim()),
        tenderText: passage(tender, was?.source),
      });
    }
  }
  return out;
}

function pointsChanges(
  a: TenderAnalysis,
  tender: string,
  text: string,
  statements: Statement[],
): AmendmentChange[] {
  const out: AmendmentChange[] = [];
  const found = [...rawLinesOf(text)].flatMap((line) =>
    [...line.text.matchAll(POINTS)].map((m) => ({ line, name: m[2].trim(), points: m[3] })),
  );
  // An item named without quotes (原应急响应措施分值为20分，现调整为25分): the statement's subject holds its name.
  for (const st of statements) {
    const points = /^(\d+(?:\.\d+)?)\s*分(?!钟)/.exec(st.after)?.[1];
    const name = st.subject.replace(/(?:的)?(?:分值|分数|满分|权重|得分)$/, '');
    if (!points || !findByName(a.scoringItems, name)) continue;
    if (found.some((f) => f.line.start <= st.start && st.start <= f.line.end)) continue;
    found.push({ line: { text: st.text, start: st.start, end: st.end }, name, points });
  }
  for (const { line, name, points } of found) {
    const item = findByName(a.scoringItems, name);
    out.push({
      kind: 'points',
      label: item?.name ?? name,
      before: item?.points != null ? `${item.points}分` : null,
      after: `${Number(points)}分`,
      itemId: item?.id ?? null,
      source: { start: line.start, end: line.end },
      tenderSource: item?.source ?? null,
      sourceText: cut(line.text.trim()),
      tenderText: passage(tender, item?.source),
    });
  }
  return out;
}

function pageChanges(a: TenderAnalysis, text: string, statements: Statement[]): AmendmentChange[] {
  const stated = statements.flatMap((st) => {
    const n = /^(?:不(?:得|超过|多于)[^\d]{0,4})?(\d{1,4})\s*页/.exec(st.after)?.[1];
    return n && /页/.test(st.subject)
      ? [{ text: `页数调整为${n}页`, start: st.start, end: st.end, passage: st.text }]
      : [];
  });
  for (const line of [...rawLinesOf(text).map((l) => ({ ...l, passage: l.text })), ...stated]) {
    const m = PAGES.exec(line.text);
    if (!m) continue;
    return [
      {
        kind: 'pages',
        label: '页数限制',
        before: a.pageLimit !== null ? `${a.pageLimit}页` : null,
        after: `${Number(m[1])}页`,
        itemId: null,
        source: { start: line.start, end: line.end },
        tenderSource: null,
        sourceText: cut(line.passage.trim()),
        tenderText: null,
      },
    ];
  }
  return [];
}

/** A clause the amendment adds: nothing stood before it in the tender. */
function addedClause(
  kind: 'star' | 'disqualification',
  clause: string,
  line: { text: string; start: number; end: number },
): AmendmentChange {
  return {
    kind,
    label: kind === 'star' ? '★条款' : '废标条款',
    before: null,
    after: cut(clause),
    itemId: null,
    source: { start: line.start, end: line.end },
    tenderSource: null,
    sourceText: cut(line.text.trim()),
    tenderText: null,
  };
}

function clauseChanges(a: TenderAnalysis, text: string): AmendmentChange[] {
  const out: AmendmentChange[] = [];
  const known = new Set(a.starClauses.map((c) => clauseKey(c.text)));
  for (const line of rawLinesOf(text)) {
    for (const m of line.text.matchAll(STAR_ADDED)) {
      const clause = `★${m[1].trim().replace(/^\d{1,3}\s*[.．、)）]\s*/, '')}`;
      if (known.has(clauseKey(clause))) continue;
      known.add(clauseKey(clause));
      out.push(addedClause('star', clause, line));
    }
    if (line.text.includes('★')) continue;
    const dqKnown = new Set(a.disqualifications.map(clauseKey));
    for (const m of line.text.matchAll(DQ_ADDED)) {
      const clause = m[1].trim();
      if (dqKnown.has(clauseKey(clause))) continue;
      out.push(addedClause('disqualification', clause, line));
    }
  }
  return out;
}

/**
 * What an amendment's text changes in the tender (analysis `a` of `tender`), in that order: dates,
 * points, pages, clauses, 限价, forms. A form's own words (its blanks, its dates) are no changes.
 */
export function readAmendment(a: TenderAnalysis, tender: string, text: string): AmendmentChange[] {
  const forms = formChanges(a, tender, text.replace(/\r\n?/g, '\n'));
  const clean = forms.rest;
  const statements = statementsOf(clean);
  return [
    ...dateChanges(a, tender, clean, statements),
    ...pointsChanges(a, tender, clean, statements),
    ...pageChanges(a, clean, statements),
    ...clauseChanges(a, clean),
    ...priceLimitChanges(a, statements),
    ...forms.changes,
  ];
}

/**
 * The analysis as amended: each change applied in order, so a later amendment's date or points
 * replace an earlier one's. Added clauses carry no span (they are not in the tender text).
 */
export function applyAmendments(a: TenderAnalysis, changes: AmendmentChange[]): TenderAnalysis {
  const out: TenderAnalysis = {
    ...a,
    keyDates: a.keyDates.map((k) => ({ ...k })),
    scoringItems: a.scoringItems.map((i) => ({ ...i })),
    starClauses: [...a.starClauses],
    disqualifications: [...a.disqualifications],
    disqualificationSources: [...a.disqualificationSources],
    lots: [...a.lots],
    forms: [...a.forms],
  };
  for (const c of changes) {
    if (c.kind === 'date') {
      const k = out.keyDates.find((d) => d.label === c.label);
      if (k) k.value = c.after;
      else out.keyDates.push({ label: c.label, value: c.after, source: null });
    } else if (c.kind === 'points') {
      const item = out.scoringItems.find((i) => i.id === c.itemId);
      if (item) item.points = Number.parseFloat(c.after);
    } else if (c.kind === 'pages') {
      out.pageLimit = Number.parseInt(c.after, 10);
    } else if (c.kind === 'price-limit') {
      applyPriceLimit(out, c);
    } else if (c.kind === 'form') {
      if (c.form) out.forms = withForm(out.forms, c.form);
    } else if (c.kind === 'star') {
      // Idempotent: an analysis saved from an amended one (the review screen) already has the clause.
      if (!out.starClauses.some((s) => clauseKey(s.text) === clauseKey(c.after)))
        out.starClauses.push({ mark: '★', text: c.after, lot: null, source: null });
    } else if (!out.disqualifications.some((d) => clauseKey(d) === clauseKey(c.after))) {
      out.disqualifications.push(c.after);
      out.disqualificationSources.push(null);
    }
  }
  return out;
}

/** The deadline in force: the last amendment's, else the tender's (投标截止 before 开标). */
export function deadlineOf(a: TenderAnalysis): string | null {
  const k =
    a.keyDates.find((d) => /(截止|递交|提交)/.test(d.label) && !/开标/.test(d.label)) ??
    a.keyDates.find((d) => /开标/.test(d.label));
  return k?.value ?? null;
}
