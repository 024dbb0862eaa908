/** Reading what a model answers: fenced blocks and JSON with chatter around it. */

/** Removes a ```markdown fence around a whole answer. */
export function stripFences(s: string): string {
  const m = /^\s*```[a-zA-Z]*\n([\s\S]*?)\n?```\s*$/.exec(s);
  return m ? m[1] : s;
}

/** The JSON object in an answer, also when the model wrapped it in a fence or in a sentence. */
export function parseJsonLoose(s: string): unknown {
  const t = stripFences(s).trim();
  try {
    return JSON.parse(t);
  } catch {
    const a = t.indexOf('{');
    const b = t.lastIndexOf('}');
    if (a >= 0 && b > a) return JSON.parse(t.slice(a, b + 1));
    throw new Error('不是有效的 JSON');
  }
}
