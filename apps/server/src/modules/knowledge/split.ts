import { KNOWLEDGE_LIMITS } from '@bid/shared';

export interface PassageDraft {
  heading: string | null;
  text: string;
}

const SENTENCE_END = /[。！？；!?;\n]/;

/** Cuts a long section at sentence ends into pieces of about `max` characters. */
function cut(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    let at = -1;
    for (let i = max; i > max / 2; i--) {
      if (SENTENCE_END.test(rest[i - 1])) {
        at = i;
        break;
      }
    }
    if (at < 0) at = max;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

/**
 * Passages of a document: a new passage at every heading the parser found (or a line that looks
 * like a numbered heading), long sections cut at sentence ends.
 */
export function splitPassages(
  text: string,
  headings: Array<{ level: number; text: string }>,
  max: number = KNOWLEDGE_LIMITS.passageChars,
): PassageDraft[] {
  const known = new Set(headings.map((h) => h.text.trim()).filter(Boolean));
  const looksLikeHeading = (line: string) =>
    line.length <= 40 &&
    !/[。；，,;]$/.test(line) &&
    /^(第[一二三四五六七八九十百\d]+[章节部分篇]|[一二三四五六七八九十]+[、.．]|\d+(\.\d+){0,3}[、.．\s])/.test(
      line,
    );
  const sections: Array<{ heading: string | null; lines: string[] }> = [{ heading: null, lines: [] }];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (known.has(line) || looksLikeHeading(line)) sections.push({ heading: line.slice(0, 200), lines: [] });
    else sections[sections.length - 1].lines.push(line);
  }
  const out: PassageDraft[] = [];
  for (const s of sections) {
    const body = s.lines.join('\n');
    if (!body.trim()) continue;
    for (const piece of cut(body, max)) out.push({ heading: s.heading, text: piece });
  }
  return out;
}
