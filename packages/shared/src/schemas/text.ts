import { z } from 'zod';

/**
 * The one string helper every request schema builds its text fields from (issue 30, finding 2).
 * PostgreSQL cannot store NUL (a keyword "a\u0000b" answered 500), and no field has a use for the
 * other C0 controls either: they are refused with a 400 that names the field. Lone surrogates
 * (half of a character) are refused too: they would be stored as U+FFFD, not as sent.
 *
 * - `plainText`: single-line fields (names, titles, keywords, ids): every C0 control refused; the
 *   bidi controls (U+202E and its kind) are removed, so that a name cannot read backwards in a list
 *   or a download's file name (finding 9).
 * - `longText`: texts that may have several lines (tender text, feedback, requirements): TAB, LF
 *   and CR allowed, the other C0 controls refused; bidi controls kept (real right-to-left text).
 *
 * Answers (response schemas) use z.string(): stored text must not make an answer fail.
 */

/** The message of a refused control character; the error handler adds the field's name. */
export const CONTROL_CHAR_MSG = '包含不允许的控制字符（如 NUL），请删除后再提交';
export const BROKEN_CHAR_MSG = '包含不完整的 Unicode 字符，请删除后再提交';

/** The bidi formatting characters: embeddings, overrides, isolates, marks. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function firstControl(value: string, allowLines: boolean): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) {
      if (allowLines && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return true;
    }
  }
  return false;
}

function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** True when a text may be stored: no C0 control (but TAB/LF/CR when `lines`), no lone surrogate. */
export function isStorableText(value: string, lines = false): boolean {
  return !firstControl(value, lines) && !hasLoneSurrogate(value);
}

/** Removes bidi controls and C0 controls (and DEL): for names built outside a schema (file names). */
export function cleanName(value: string): string {
  let out = '';
  for (const ch of value.replace(BIDI, '')) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x20 && c !== 0x7f && !(c >= 0xd800 && c <= 0xdfff)) out += ch;
  }
  return out;
}

type StringParams = Parameters<typeof z.string>[0];

/** A single-line text field: C0 controls and broken characters refused, bidi controls removed. */
export function plainText(params?: StringParams) {
  return z
    .string(params)
    .refine((v) => !firstControl(v, false), { message: CONTROL_CHAR_MSG, abort: true })
    .refine((v) => !hasLoneSurrogate(v), { message: BROKEN_CHAR_MSG, abort: true })
    .overwrite((v) => v.replace(BIDI, ''));
}

/** A text of several lines: TAB, LF and CR allowed; other C0 controls and broken characters refused. */
export function longText(params?: StringParams) {
  return z
    .string(params)
    .refine((v) => !firstControl(v, true), { message: CONTROL_CHAR_MSG, abort: true })
    .refine((v) => !hasLoneSurrogate(v), { message: BROKEN_CHAR_MSG, abort: true });
}

/**
 * Where a nested value (a reviewed analysis, a chapter document, a statistics detail) holds a
 * string that longText would refuse, or null. A loop with a stack: these values can be deep.
 */
export function badStringIn(value: unknown): { path: Array<string | number>; message: string } | null {
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (firstControl(v, true)) return { path, message: CONTROL_CHAR_MSG };
      if (hasLoneSurrogate(v)) return { path, message: BROKEN_CHAR_MSG };
    } else if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, [...path, i]]));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (firstControl(k, false) || hasLoneSurrogate(k)) return { path, message: CONTROL_CHAR_MSG };
        stack.push([x, [...path, k]]);
      }
  }
  return null;
}

/** The same schema, with every string anywhere inside checked like longText. */
export function textTree<T extends z.ZodType>(schema: T): T {
  return schema.superRefine(
    (value, ctx) => {
      const bad = badStringIn(value);
      if (bad) ctx.addIssue({ code: 'custom', message: bad.message, path: bad.path });
    },
    // Also when the value has other problems: the control character is the one to name.
    { when: () => true },
  ) as T;
}
