/**
 * Text hygiene shared by the converters and the .docx writer. AI output and pasted text carry
 * control characters, lone surrogates and emoji; Word refuses some of them (an XML 1.0 document may
 * not contain U+0000–U+001F except tab/newline/CR, nor lone surrogates), and the CJK body fonts of a
 * bid have no emoji glyphs, so a printed bid would show empty boxes.
 */

// C0 controls except \t \n \r, DEL and C1 controls, noncharacters U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes characters no XML/Word document may hold; keeps tab and newline (CR becomes LF). */
// eslint-disable-next-line no-control-regex
const NEEDS_CLEAN_RE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function cleanControlChars(text: string): string {
  // Most text is clean: one scan instead of three replaces.
  if (!NEEDS_CLEAN_RE.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_RE, '').replace(LONE_SURROGATE_RE, '');
}

/*
 * Emoji: pictographs that default to colour presentation, anything from the astral pictograph
 * blocks, and the joiners/selectors/modifiers that glue sequences. Text symbols bids use on purpose
 * (★ ☆ ▲ △ ● ○ ■ □ √ ✓ ① …) are not Emoji_Presentation and survive.
 */
const EMOJI_RE =
  /\p{Emoji_Presentation}|[\u{1F000}-\u{1FAFF}]|[\u{E0020}-\u{E007F}]|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0F|\u20E3/gu;

const MAYBE_EMOJI_RE = /\u200D|\u20E3|\uFE0F|[\u2190-\u2BFF\u3030\u303D\u3297\u3299]|[\uD83C-\uDBFF]/;

export function stripEmoji(text: string): string {
  if (!MAYBE_EMOJI_RE.test(text)) return text;
  // Digits and # * are Emoji (keycap bases) but not Emoji_Presentation, so they are kept.
  return text.replace(EMOJI_RE, '');
}

/** What the .docx writer puts into a run: no controls, no lone surrogates, no emoji (tab/newline stay). */
export function cleanForWord(text: string): string {
  return stripEmoji(cleanControlChars(text));
}
