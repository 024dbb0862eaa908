import { z } from 'zod';
import { pageQuerySchema } from '../envelope.ts';
import { ANALYSIS_STATUSES, interpretationSchema, type SourceSpan, type TenderAnalysis } from './analysis.ts';
import { idParamSchema } from './common.ts';
import { uploadedFileSchema } from './file.ts';

/**
 * File interpretation (招标文件解读, `/home/bidingParse`, `analysisPage`): a tender analysed on its own
 * as a durable job, its report screen, history, removal and Word export. The analysis object itself
 * is `tenderAnalysisSchema` (the same one bids use).
 */

/** `GET ai/fileInterpretationClient/detail`: the record, its job's progress and the analysed text. */
export const interpretationDetailSchema = interpretationSchema.extend({
  /** 0-100 while running; 100 once done. */
  progress: z.number().min(0).max(100),
  /** What the job is doing now (shown under the progress bar); null when not running. */
  stage: z.string().nullable(),
  /** The analysed text (item `source` offsets point into it); null until the analysis is done. */
  text: z.string().nullable(),
  /** The uploaded tender when the interpretation was made from a file (and the file still exists). */
  file: uploadedFileSchema.nullable(),
  /** The analysis's version: `updateAnalysis` takes it back and answers 409 when another save came first. */
  version: z.number().int().min(0),
});
export type InterpretationDetail = z.infer<typeof interpretationDetailSchema>;

/** `POST ai/chat/start-analysis` answers at once: the new (or reused) record without its text. */
export const startAnalysisResultSchema = interpretationDetailSchema;
export type StartAnalysisResult = InterpretationDetail;

export const interpretationListQuerySchema = pageQuerySchema;

export const interpretationListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ANALYSIS_STATUSES),
  progress: z.number().min(0).max(100),
  error: z.string().nullable(),
  /** pdf | docx | doc | txt for an upload; null for pasted text. */
  fileKind: z.string().nullable(),
  chars: z.number().int().min(0),
  createTime: z.string(),
  updateTime: z.string(),
});
export type InterpretationListItem = z.infer<typeof interpretationListItemSchema>;

/** `{ id }` of detail, remove and export. */
export const interpretationIdSchema = idParamSchema;

/** Shortest head of a quote accepted as its passage (fewer characters match too much by chance). */
const MIN_QUOTE_CHARS = 6;

/** A source span clamped into the text; null when it is missing or points outside. */
export function validSpan(span: SourceSpan | null | undefined, textLength: number): SourceSpan | null {
  if (!span || !Number.isFinite(span.start) || !Number.isFinite(span.end)) return null;
  const start = Math.max(0, Math.min(span.start, textLength));
  const end = Math.max(start, Math.min(span.end, textLength));
  return end > start ? { start, end } : null;
}

/**
 * Where an item came from: its `source` when the analysis kept one, else the first place the text
 * states it (analyses stored before offsets were kept, or items a model phrased itself).
 */
export function locatePassage(
  text: string,
  span: SourceSpan | null | undefined,
  quote: string,
): SourceSpan | null {
  const own = validSpan(span, text.length);
  if (own) return own;
  const q = quote.replace(/\s+/g, ' ').trim();
  if (!q) return null;
  const whole = text.indexOf(q);
  if (whole >= 0) return { start: whole, end: whole + q.length };
  // A model may have shortened or reworded the tail: the longest head of the quote the text holds
  // (a head that occurs has every shorter head occurring too, so the length can be bisected).
  let lo = 0;
  let hi = q.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (text.includes(q.slice(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  if (lo < Math.min(MIN_QUOTE_CHARS, q.length)) return null;
  const at = text.indexOf(q.slice(0, lo));
  return { start: at, end: at + lo };
}

/** One entry of the materials checklist: what to prepare and why. */
export interface MaterialItem {
  text: string;
  reason: string;
}

const EVIDENCE_RE =
  /证书|证明|业绩|合同|认证|资质|检测报告|社保|财务|审计|授权书|营业执照|信用|获奖|荣誉|简历|职称/;
/** A bond clause saying none is collected. */
const NO_BOND_RE = /不收取|无需|免收|不需|免于|不要求/;

/**
 * The materials a bidder should prepare, derived from the analysis: qualification evidence, the
 * bond, response tables, evidence the scoring items ask for, and the parts of a prescribed outline.
 * Computed in code from what was found, never invented.
 */
export function materialsToPrepare(a: TenderAnalysis): MaterialItem[] {
  const out: MaterialItem[] = [];
  const seen = new Set<string>();
  const add = (text: string, reason: string) => {
    const t = text.replace(/\s+/g, ' ').trim().slice(0, 300);
    if (!t || seen.has(t)) return;
    seen.add(t);
    out.push({ text: t, reason });
  };
  for (const q of a.qualifications) add(`资格证明材料：${q}`, '资格审查');
  if (a.project.bond && !NO_BOND_RE.test(a.project.bond))
    add(`投标保证金缴纳凭证（${a.project.bond}）`, '投标保证金');
  for (const t of a.responseTables) add(t, '招标文件要求的响应表');
  for (const it of a.scoringItems) {
    const hay = `${it.name} ${it.criteria}`;
    if (EVIDENCE_RE.test(hay))
      add(
        `${it.name}的证明材料（${it.points == null ? '分值未注明' : `${it.points} 分`}）`,
        '评分项要求提供证明',
      );
  }
  for (const c of a.starClauses) if (/提供|提交|出具|承诺/.test(c.text)) add(c.text, `${c.mark}条款要求提交`);
  for (const s of a.mandatedOutline) if (s.level === 1) add(`按规定格式编写：${s.title}`, '投标文件格式');
  return out;
}
