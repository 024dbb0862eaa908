import type { AmendmentChange, SourceSpan, TenderAnalysis, TenderForm } from '@bid/shared';
import { blocksOf, formKindOf, reflow } from './forms.ts';

/**
 * A form an amendment replaces (「投标函格式修改为：…」) or adds (「新增《廉洁承诺函》格式如下：…」):
 * the form's new text as the amendment gives it, from the line after its heading to the next item
 * of the amendment (二、…), its closing (其他内容不变, 特此…) or its end. Evaluators compare the bid's
 * 投标函 with the amended 格式, so the bid's forms are the amended ones.
 */

const FORM_WORD =
  /(?:函|一览表|报价表|明细表|清单|授权书|委托书|身份证明(?:书)?|声明|承诺书|偏离表|响应表|汇总表|报价单)$/;
const HEAD_RE =
  /^(.*?)(?:的)?(?:格式|文本|模板|样式|样表)?(?:(?:调整|变更|修改|更正|更改|替换|更换)(?:为|如下)|如下|以本(?:补遗|澄清|答疑)(?:文件)?(?:附件)?为准)[：:]?\s*(.*)$/;
const ENUM_RE =
  /^\s*(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d+[、.．](?!\d))\s*/;
/** The next item of the amendment, or its closing words: the form ends before it. */
const END_RE =
  /^\s*(?:[一二三四五六七八九十]+[、.．]|第[一二三四五六七八九十\d]+条|(?:其他|其余|其它)[^。]{0,20}(?:不变|为准)|特此|本(?:补遗|澄清|答疑|更正))/;

/** The form a heading line names (the amendment replaces or adds it), and the words after the heading; null when it names none. */
function formHead(line: string): { title: string; rest: string } | null {
  const m = HEAD_RE.exec(line.trim());
  if (!m) return null;
  let head = m[1].replace(ENUM_RE, '').trim();
  const quoted = /[《“"「『]([^》”"」』]{2,30})[》”"」』]/.exec(head)?.[1];
  head = (quoted ?? head)
    .replace(/^(?:现将|将|新增|增加|补充|增设)/, '')
    .replace(/^.*?(?:投标文件格式|响应文件格式|文件格式)(?:中|中的|的)?/, '')
    .replace(/(?:格式|文本|模板|样式|样表)$/, '')
    .trim();
  if (!head || head.length > 30 || !FORM_WORD.test(head)) return null;
  return { title: head, rest: m[2].trim() };
}

const squash = (s: string) => s.replace(/[\s（）()《》“”"]/g, '');

/** The form of `forms` a title names: the same title, else the only one of its kind. */
export function formIndex(forms: TenderForm[], title: string): number {
  const exact = forms.findIndex((f) => squash(f.title) === squash(title));
  if (exact >= 0) return exact;
  const kind = formKindOf(title);
  if (kind === 'other' || kind === 'commitment') return -1;
  const same = forms.flatMap((f, i) => (f.kind === kind ? [i] : []));
  return same.length === 1 ? same[0] : -1;
}

/** `forms` with `form` in place of the one it replaces (the tender's title kept, so its chapter still matches), else added. */
export function withForm(forms: TenderForm[], form: TenderForm): TenderForm[] {
  const k = formIndex(forms, form.title);
  if (k < 0) return [...forms, form];
  return forms.map((f, i) => (i === k ? { ...form, title: f.title, kind: f.kind, source: f.source } : f));
}

const formText = (f: TenderForm) =>
  f.blocks
    .map((b) => (b.kind === 'paragraph' ? b.text : b.rows.map((r) => r.join('\t')).join('\n')))
    .join('\n');
const cut = (s: string) => (s.length > 2000 ? s.slice(0, 2000) : s);

/**
 * The forms an amendment's text replaces or adds, and its text with those passages blanked (same
 * offsets), so the other readers do not read a form's words as changes.
 */
export function formChanges(
  a: TenderAnalysis,
  tender: string,
  text: string,
): { changes: AmendmentChange[]; rest: string } {
  const lines = text.split('\n');
  const offsets: number[] = [];
  lines.reduce((at, l) => (offsets.push(at), at + l.length + 1), 0);
  const changes: AmendmentChange[] = [];
  const spans: SourceSpan[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = formHead(lines[i]);
    if (!head) continue;
    let j = i + 1;
    while (j < lines.length && !END_RE.test(lines[j]) && !formHead(lines[j])) j++;
    const body = [head.rest, ...lines.slice(i + 1, j)].filter((l) => l.trim());
    // The form's own title repeated above its text is its heading, not its text.
    if (body.length && squash(body[0]) === squash(head.title)) body.shift();
    // 「投标函格式修改为：详见附件」 gives no text here; the attachment is another upload.
    if (!body.length || (body.length === 1 && /^(?:详见|见)/.test(body[0].trim()))) continue;
    const blocks = blocksOf(reflow(body));
    const k = formIndex(a.forms, head.title);
    const was = k >= 0 ? a.forms[k] : null;
    const form: TenderForm = { title: head.title, kind: formKindOf(head.title), blocks, source: null };
    const end = offsets[j - 1] + lines[j - 1].length;
    spans.push({ start: offsets[i], end });
    changes.push({
      kind: 'form',
      label: was?.title ?? head.title,
      before: was ? cut(formText(was)) : null,
      after: cut(formText(form)),
      itemId: null,
      source: { start: offsets[i], end },
      tenderSource: was?.source ?? null,
      sourceText: cut(lines[i].trim()),
      tenderText: was?.source ? cut(tender.slice(was.source.start, was.source.end).trim()) : null,
      form,
    });
    i = j - 1;
  }
  let rest = text;
  for (const s of spans) rest = rest.slice(0, s.start) + ' '.repeat(s.end - s.start) + rest.slice(s.end);
  return { changes, rest };
}
