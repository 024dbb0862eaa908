import type { BidVolume } from '@bid/shared';

/**
 * The volumes a tender splits the bid into. Two shapes are read: a sentence naming two or more of
 * 资格证明文件 / 商务文件 / 技术文件 / 报价文件 with the word that splits them (分为, 分册,
 * 单独装订/密封 …; 组成 under 暗标), and 明标 beside 暗标 (the anonymous technical volume and the named rest).
 */

type Part = BidVolume['parts'][number];

const KINDS: Array<{ re: RegExp; key: BidVolume['key']; parts: Part[] }> = [
  // 商务及报价文件: one volume of both, read before either alone.
  {
    re: /商务(?:及|和|与)报价(?:文件|标|部分)/,
    key: 'business',
    parts: ['commercial', 'form', 'other', 'price'],
  },
  { re: /资格(?:证明|审查)?(?:文件|资料|标)/, key: 'qualification', parts: ['qualification'] },
  { re: /商务(?:文件|标|部分)/, key: 'business', parts: ['commercial', 'form', 'other'] },
  { re: /技术(?:文件|标|部分)/, key: 'technical', parts: ['technical'] },
  { re: /(?:报价|价格)(?:文件|标|部分)|经济标/, key: 'price', parts: ['price'] },
];

/** A sentence that splits the bid rather than merely naming its parts. */
const SPLITS =
  /分为|分成|分册|单独(?:装订|密封|成册|递交|上传)|分别(?:装订|密封|编制|成册|递交|上传)|各自成册/;
/**
 * 投标文件由…组成 lists what one bid holds (most tenders say it of a single file); it splits the bid
 * only when a part of it is 暗标, which cannot share a file with the bidder's name.
 */
const COMPOSES = /组成/;

function splitSentence(text: string, darkBid: boolean): Array<Omit<BidVolume, 'anonymous'>> {
  for (const sentence of text.split(/[。；;\n]/)) {
    if (!(SPLITS.test(sentence) || (darkBid && COMPOSES.test(sentence)))) continue;
    if (!/投标文件|响应文件|标书/.test(sentence)) continue;
    const found: Array<Omit<BidVolume, 'anonymous'> & { at: number; end: number }> = [];
    for (const k of KINDS) {
      const m = k.re.exec(sentence);
      // A name inside one already read (报价文件 of 商务及报价文件) is not a volume of its own.
      if (!m || found.some((f) => m.index < f.end && m.index + m[0].length > f.at)) continue;
      found.push({ at: m.index, end: m.index + m[0].length, key: k.key, name: m[0], parts: k.parts });
    }
    if (found.length >= 2)
      return found.sort((a, b) => a.at - b.at).map(({ key, name, parts }) => ({ key, name, parts }));
  }
  return [];
}

/** The volumes of a tender; `darkBid` is the analysis' own reading of 暗标. */
export function extractVolumes(text: string, darkBid: boolean): BidVolume[] {
  const split = splitSentence(text, darkBid);
  if (split.length)
    // The technical volume of a 暗标 tender is the anonymous one.
    return split.map((v) => {
      const anonymous = darkBid && v.parts.includes('technical');
      return { ...v, key: anonymous ? 'dark' : v.key, anonymous };
    });
  if (darkBid && /明标/.test(text))
    return [
      // Empty parts: every chapter the 暗标 volume does not take.
      { key: 'open', name: '明标', parts: [], anonymous: false },
      { key: 'dark', name: '暗标', parts: ['technical'], anonymous: true },
    ];
  return [];
}
