/**
 * Some PDF producers (Chromium's among them) map CJK glyphs to the Kangxi Radicals and CJK Radicals
 * Supplement blocks in their ToUnicode tables: 「⽬录」 with U+2F6C instead of 目, 「⼈⺠」 for 人民. The
 * text looks right and matches nothing. Each such character is folded to the ideograph it draws,
 * one UTF-16 unit for one, so offsets into the text stay valid.
 */

/**
 * Supplement radicals NFKC leaves alone, as the simplified ideographs they stand for; and Kangxi
 * radicals a simplified font draws as the simplified ideograph while NFKC gives the traditional one
 * (⼾ drawn 户, NFKC 戶).
 */
const SUPPLEMENT: Record<string, string> = {
  '⼾': '户',
  '⾭': '青',
  '⿈': '黄',
  '⺠': '民',
  '⻝': '食',
  '⻔': '门',
  '⻓': '长',
  '⻅': '见',
  '⻋': '车',
  '⻚': '页',
  '⻛': '风',
  '⻢': '马',
  '⻉': '贝',
  '⻜': '飞',
  '⻥': '鱼',
  '⻦': '鸟',
  '⻩': '黄',
  '⻬': '齐',
  '⻮': '齿',
  '⻆': '角',
  '⻁': '虎',
  '⺟': '母',
  '⻣': '骨',
  '⺁': '厂',
  '⺇': '几',
  '⺊': '卜',
  '⺌': '小',
  '⺏': '尣',
  '⺒': '巳',
  '⺓': '幺',
  '⺛': '旡',
  '⺝': '月',
  '⺢': '水',
  '⺣': '火',
  '⺫': '目',
  '⺬': '示',
  '⺮': '竹',
  '⺳': '网',
  '⺶': '羊',
  '⺷': '羊',
  '⺸': '羊',
  '⻄': '西',
  '⻈': '讠',
  '⻊': '足',
  '⻌': '辶',
  '⻏': '阝',
  '⻑': '長',
  '⻘': '青',
  '⻙': '韦',
  '⻡': '鬼',
  '⻤': '鬼',
  '⻨': '麦',
  '⻰': '龙',
  '⻳': '龟',
};

export function foldRadicals(text: string): string {
  if (!/[\u2E80-\u2EFF\u2F00-\u2FDF]/.test(text)) return text;
  return text.replace(/[\u2E80-\u2EFF\u2F00-\u2FDF]/g, (c) => {
    const folded = SUPPLEMENT[c] ?? c.normalize('NFKC');
    return folded.length === 1 ? folded : c;
  });
}
