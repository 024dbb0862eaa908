/**
 * The chapter gear (写作要求 / 应包含) steers a write; it is an instruction, never chapter text.
 * Models sometimes echo an instruction as a labelled line ("写作要求：…"); those lines are removed
 * from what any engine produced before it is saved.
 */

/** A line that only restates the gear under one of the labels the prompt or old drafts used. */
const ECHO_LINE =
  /^\s*(?:[-*>]\s*)?(?:\*\*)?(?:编写人的要求|写作要求|本章的?要求|本章应包含|应包含)(?:\*\*)?\s*[：:]/;

function normalize(s: string): string {
  return s
    .replace(/^[\s>*#-]+/, '')
    .replace(/[*_`]/g, '')
    .replace(/[。；;，,\s]+$/g, '')
    .trim();
}

export interface Gear {
  requirement?: string | null;
  include?: string | null;
}

/** The requirement's own sentences (the gear text and a per-call requirement are joined with ；). */
function requirementParts(gear: Gear): string[] {
  return (gear.requirement ?? '')
    .split(/[；;\n]/)
    .map(normalize)
    .filter((p) => p.length >= 4);
}

/** Removes lines that restate the gear instead of following it. */
export function stripGearEcho(markdown: string, gear: Gear): string {
  const parts = new Set(requirementParts(gear));
  const include = gear.include ? normalize(gear.include) : '';
  const kept = markdown.split('\n').filter((line) => {
    if (ECHO_LINE.test(line)) return false;
    const n = normalize(line);
    if (!n) return true;
    return !parts.has(n) && !(include && n === include);
  });
  return kept.join('\n').replace(/\n{3,}/g, '\n\n');
}
