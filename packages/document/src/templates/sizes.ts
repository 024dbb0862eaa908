/**
 * Chinese font size names (字号) and their point sizes, as Word and WPS define them. The one table
 * every template, the writer and the web preview use.
 */
export const CN_FONT_SIZES = {
  初号: 42,
  小初: 36,
  一号: 26,
  小一: 24,
  二号: 22,
  小二: 18,
  三号: 16,
  小三: 15,
  四号: 14,
  小四: 12,
  五号: 10.5,
  小五: 9,
  六号: 7.5,
  小六: 6.5,
  七号: 5.5,
  八号: 5,
} as const;

export type CnFontSizeName = keyof typeof CN_FONT_SIZES;
export const CN_FONT_SIZE_NAMES = Object.keys(CN_FONT_SIZES) as CnFontSizeName[];

/** A size as templates write it: a Chinese size name or points. */
export type FontSize = CnFontSizeName | number;

export function sizeToPt(size: FontSize): number {
  return typeof size === 'number' ? size : CN_FONT_SIZES[size];
}

/** Word's unit for run sizes (w:sz): half-points. */
export function sizeToHalfPoints(size: FontSize): number {
  return Math.round(sizeToPt(size) * 2);
}

/** The Chinese name of a point size when it has one (for previews and descriptions). */
export function sizeName(size: FontSize): string {
  if (typeof size === 'string') return size;
  const hit = CN_FONT_SIZE_NAMES.find((n) => CN_FONT_SIZES[n] === size);
  return hit ?? `${size}磅`;
}
