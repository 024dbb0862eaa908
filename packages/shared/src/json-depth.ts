/**
 * How deep a JSON text nests, read from the text itself before anything parses it: JSON.parse
 * copes with any depth, but what walks the value afterwards (JSON.stringify, zod, the document
 * model, the Word writer) recurses, and a body 200,000 arrays deep overflowed the stack (issue 30).
 * One loop over the characters, no recursion; strings are skipped, escapes included.
 */
export const MAX_JSON_NESTING = 256;

/** The deepest nesting of `[` and `{` in a JSON text; stops counting once `limit` is passed. */
export function jsonTextDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return max;
}

/** The deepest nesting of a value already in memory (arrays and objects), walked with a stack. */
export function valueDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Object.values(v as Record<string, unknown>))
      if (child && typeof child === 'object') stack.push([child, d + 1]);
  }
  return max;
}
