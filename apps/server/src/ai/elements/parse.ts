/**
 * Getting JSON out of a model's answer: as is, inside a ```json fence, wrapped in prose, or cut
 * short by a token limit (then the last complete element is kept and the brackets are closed).
 * Candidates come best first; the caller keeps the first that passes its schema.
 */

interface ScanState {
  /** Open containers at this point, innermost last. */
  stack: Array<'{' | '['>;
  /** Index just after the last complete value inside a container (a safe place to cut). */
  safeCuts: Array<{ at: number; stack: Array<'{' | '['> }>;
  /** Index where the top-level value closed, or -1 when it never did. */
  end: number;
  inString: boolean;
}

/** Scans a JSON text from `start` (an opening bracket), tracking nesting, strings and safe cut points. */
function scan(text: string, start: number): ScanState {
  const stack: Array<'{' | '['> = [];
  const safeCuts: ScanState['safeCuts'] = [];
  let inString = false;
  let escaped = false;
  let stringIsKey = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        // A string that is a value (not a key) completes an element.
        if (!stringIsKey) safeCuts.push({ at: i + 1, stack: [...stack] });
      }
      continue;
    }
    if (c === '"') {
      inString = true;
      // A key is a string directly inside an object, after '{' or ','.
      let j = i - 1;
      while (j >= start && /\s/.test(text[j])) j--;
      stringIsKey = stack[stack.length - 1] === '{' && (text[j] === '{' || text[j] === ',');
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push(c);
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      if (stack.length === 0) return { stack, safeCuts, end: i + 1, inString: false };
      safeCuts.push({ at: i + 1, stack: [...stack] });
      continue;
    }
    if (/[\d\-tfn]/.test(c) && !/[\w.\-+]/.test(text[i - 1] ?? '')) {
      // A number or literal: complete when followed by a delimiter.
      let j = i;
      while (j < text.length && /[\w.\-+]/.test(text[j])) j++;
      if (j < text.length) safeCuts.push({ at: j, stack: [...stack] });
      i = j - 1;
    }
  }
  return { stack, safeCuts, end: -1, inString };
}

function closers(stack: Array<'{' | '['>): string {
  return [...stack]
    .reverse()
    .map((c) => (c === '{' ? '}' : ']'))
    .join('');
}

/** Closes a JSON text that was cut short, at its last complete element. */
export function repairTruncated(text: string, start: number, st: ScanState): string | null {
  // Prefer cuts right after a whole array element (an unfinished object is dropped, not kept half).
  const recent = st.safeCuts.slice(-60).reverse();
  const ordered = [
    ...recent.filter((c) => c.stack[c.stack.length - 1] === '['),
    ...recent.filter((c) => c.stack[c.stack.length - 1] !== '['),
  ];
  for (const cut of ordered) {
    const head = text.slice(start, cut.at).replace(/[\s,]+$/, '');
    const candidate = head + closers(cut.stack);
    try {
      JSON.parse(candidate);
      return candidate;
    } catch {
      /* try an earlier cut */
    }
  }
  return null;
}

function tryParse(s: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch {
    return { ok: false };
  }
}

/** Common slips of models: trailing commas, full-width quotes around keys, comments. */
function tidy(s: string): string {
  return s
    .replace(/,\s*([}\]])/g, '$1')
    .replace(/[“”]([A-Za-z_][\w]*)[“”]\s*:/g, '"$1":')
    .replace(/^\s*\/\/.*$/gm, '');
}

export interface JsonCandidate {
  value: unknown;
  /** How it was obtained: 'exact', 'fenced', 'embedded', 'repaired'. */
  how: 'exact' | 'fenced' | 'embedded' | 'repaired';
}

/** Every plausible JSON value in an answer, best first. */
export function jsonCandidates(answer: string): JsonCandidate[] {
  const out: JsonCandidate[] = [];
  const seen = new Set<string>();
  const push = (value: unknown, how: JsonCandidate['how']) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ value, how });
  };
  const text = answer.replace(/^\uFEFF/, '');
  const exact = tryParse(text.trim());
  if (exact.ok) push(exact.value, 'exact');

  for (const m of text.matchAll(/```(?:json|JSON|javascript|js)?\s*\n?([\s\S]*?)(?:```|$)/g)) {
    const body = m[1].trim();
    const p = tryParse(body);
    if (p.ok) push(p.value, 'fenced');
    else {
      const t = tryParse(tidy(body));
      if (t.ok) push(t.value, 'fenced');
    }
  }

  // Each opening bracket that starts a value: a complete one, or a repaired cut-off one.
  let tries = 0;
  for (let i = 0; i < text.length && tries < 8; i++) {
    const c = text[i];
    if (c !== '{' && c !== '[') continue;
    if (c === '[' && !/^\[\s*[{"\d\-[tfn\]]/.test(text.slice(i, i + 20))) continue;
    tries++;
    const st = scan(text, i);
    if (st.end > 0) {
      const body = text.slice(i, st.end);
      const p = tryParse(body);
      if (p.ok) push(p.value, 'embedded');
      else {
        const t = tryParse(tidy(body));
        if (t.ok) push(t.value, 'embedded');
      }
      i = st.end - 1;
    } else {
      const repaired = repairTruncated(text, i, st) ?? repairTruncated(tidy(text), i, scan(tidy(text), i));
      if (repaired) push(JSON.parse(repaired), 'repaired');
      break;
    }
  }
  return out;
}

/**
 * The first candidate the validator accepts, with the validator's complaint about the best
 * candidate when none is accepted (fed back to the model in the one repair attempt).
 */
export function firstValid<T>(
  answer: string,
  validate: (v: unknown) => { ok: true; value: T } | { ok: false; error: string },
): { ok: true; value: T; how: JsonCandidate['how'] } | { ok: false; error: string } {
  const cands = jsonCandidates(answer);
  if (!cands.length) return { ok: false, error: '回答中没有 JSON 对象' };
  let firstError = '';
  for (const c of cands) {
    const r = validate(c.value);
    if (r.ok) return { ok: true, value: r.value, how: c.how };
    firstError ||= r.error;
  }
  return { ok: false, error: firstError };
}
