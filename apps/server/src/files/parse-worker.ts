import type { TenderFileKind } from '@bid/shared';
import { ParseFailure, parseFileAt, type ParseLimits, type ParsedFile } from './parse-core.ts';

/**
 * Child-process entry (lib/child-worker-boot.mjs): parses one file. A ParseFailure's code reaches the
 * parent; any other error is reported without a code (an unreadable file, not a user message).
 */
export async function handle(p: {
  file: string;
  kind: TenderFileKind;
  limits: ParseLimits;
}): Promise<ParsedFile> {
  try {
    return await parseFileAt(p.file, p.kind, p.limits);
  } catch (e) {
    if (e instanceof ParseFailure) throw e;
    throw new Error(e instanceof Error ? e.message : String(e));
  }
}
