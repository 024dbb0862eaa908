import { createHash } from 'node:crypto';
import {
  CATALOG_LIMITS,
  CATALOG_MSG,
  Code,
  valueDepth,
  type CatalogSettings,
  type CatalogStatus,
} from '@bid/shared';
import { docSchema, documentProblem, emptyDoc, type PMNode } from '@bid/document';
import { AppError, badRequest } from '../../http/errors.ts';
import { parseJsonOr } from './tree.ts';

/** Nesting deeper than any real document: refused before the recursive schema walks it. */
const MAX_DOC_NESTING = 200;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Validates a chapter document: size, nesting, then the document model. Returns it with its stored text. */
export function checkDoc(content: unknown): { doc: PMNode; text: string } {
  // Depth first, without recursion: JSON.stringify of a value nested 200,000 deep overflows the stack.
  if (valueDepth(content, MAX_DOC_NESTING) > MAX_DOC_NESTING)
    throw badRequest('章节内容格式不正确：层级过深');
  const raw = JSON.stringify(content ?? null);
  if (Buffer.byteLength(raw, 'utf8') > CATALOG_LIMITS.contentBytes)
    throw new AppError(Code.PAYLOAD_TOO_LARGE, CATALOG_MSG.contentTooLarge);
  const problem = documentProblem(content);
  if (problem) throw badRequest(`章节内容格式不正确：${problem}`);
  const parsed = docSchema.safeParse(content);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`章节内容格式不正确：${first?.message ?? '不是有效的文档'}`);
  }
  return { doc: parsed.data, text: JSON.stringify(parsed.data) };
}

/** A stored chapter text as a document (an empty document for anything else). */
export function parseDoc(text: string | null | undefined): PMNode {
  const v = parseJsonOr<PMNode | null>(text, null);
  return v && typeof v === 'object' && v.type === 'doc' ? v : emptyDoc();
}

/** The document as the API's plain JSON object. */
export function docJson(doc: PMNode): Record<string, unknown> {
  return { ...doc };
}

export function settingsJson(s: CatalogSettings | null | undefined): string | null {
  if (!s) return null;
  const out: Record<string, unknown> = {};
  if (s.requirement) out.requirement = s.requirement;
  if (s.include?.length) out.include = s.include;
  if (s.noText) out.noText = true;
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

/** The status a save leaves: a chapter the AI is writing keeps showing so until the job says otherwise. */
export function statusAfterSave(has: boolean, current: CatalogStatus): CatalogStatus {
  if (current === 'writing') return 'writing';
  return has ? 'done' : 'empty';
}
