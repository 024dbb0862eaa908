import { describe, expect, it } from 'vitest';
import { compareTexts } from './compare.ts';
import { normalize } from './normalize.ts';
import { bidText, mutate, paragraph, repunctuate, Rng } from './testing.ts';

function planted(kind: (p: string) => string) {
  const own = bidText(1, 6000);
  const other = bidText(2, 6000);
  const copied = [own[3], own[7], own[12]];
  const b = [
    ...other.slice(0, 4),
    kind(copied[0]),
    ...other.slice(4, 9),
    kind(copied[1]),
    ...other.slice(9),
    kind(copied[2]),
  ];
  return { a: own.join('\n'), b: b.join('\n'), copied };
}

function found(a: string, passages: Array<{ aStart: number; aEnd: number }>, text: string, minShare = 0.8) {
  const start = a.indexOf(text);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = start + text.length;
  let covered = 0;
  for (let i = start; i < end; i++) if (passages.some((p) => p.aStart <= i && i < p.aEnd)) covered++;
  return covered / text.length >= minShare;
}

describe('normalize', () => {
  it('folds width, case, punctuation and whitespace and maps back to the original', () => {
    const n = normalize('本项目，工期 为 ９０ 天。ＡＢc');
    expect(n.text).toBe('本项目工期为90天abc');
    expect(n.map[0]).toBe(0);
    expect(n.map[3]).toBe(4);
    expect(normalize('本项目,工期为90天.ABC').text).toBe(n.text);
  });
});

describe('compareTexts', () => {
  it.each([
    ['exact copies', (p: string) => p, 0.99],
    ['punctuation and spacing changed', repunctuate, 0.99],
    ['10 % of characters changed', (p: string) => mutate(p, 0.1, 7), 0.75],
  ])('finds planted paragraphs: %s', (_name, kind, minSimilarity) => {
    const { a, b, copied } = planted(kind);
    const [pair] = compareTexts([
      { key: 'A', text: a },
      { key: 'B', text: b },
    ]);
    for (const c of copied) expect(found(a, pair.passages, c)).toBe(true);
    const best = Math.max(...pair.passages.map((p) => p.similarity));
    expect(best).toBeGreaterThanOrEqual(minSimilarity);
    // Highlights on the other side land on the copy.
    for (const p of pair.passages) expect(b.slice(p.bStart, p.bEnd).length).toBeGreaterThan(10);
    expect(pair.score).toBeGreaterThan(5);
  });

  it('finds paragraphs in another order', () => {
    const own = bidText(3, 8000);
    const shuffled = [...own].reverse();
    const [pair] = compareTexts([
      { key: 'A', text: own.join('\n') },
      { key: 'B', text: shuffled.join('\n') },
    ]);
    const a = own.join('\n');
    for (const p of own) expect(found(a, pair.passages, p, 0.95)).toBe(true);
    expect(pair.score).toBeGreaterThan(90);
  });

  it('scores unrelated bids near zero', () => {
    const [pair] = compareTexts([
      { key: 'A', text: bidText(11, 30000).join('\n') },
      { key: 'B', text: bidText(12, 30000).join('\n') },
    ]);
    expect(pair.score).toBeLessThanOrEqual(2);
    expect(pair.passages.length).toBeLessThan(5);
  });

  it('leaves out text quoted from the tender', () => {
    const rng = new Rng(5);
    const tender = [paragraph(rng), paragraph(rng)];
    const a = [...bidText(21, 3000), tender[0], tender[1]].join('\n');
    const b = [tender[1], ...bidText(22, 3000), tender[0]].join('\n');
    const [withTender] = compareTexts(
      [
        { key: 'A', text: a },
        { key: 'B', text: b },
      ],
      tender.join('\n'),
    );
    const [without] = compareTexts([
      { key: 'A', text: a },
      { key: 'B', text: b },
    ]);
    expect(without.passages.length).toBeGreaterThanOrEqual(2);
    expect(withTender.passages).toHaveLength(0);
  });

  it('compares every pair of three documents', () => {
    const t = bidText(31, 2000);
    const pairs = compareTexts([
      { key: 'A', text: t.join('\n') },
      { key: 'B', text: bidText(32, 2000).join('\n') },
      { key: 'C', text: t.join('\n') },
    ]);
    expect(pairs.map((p) => `${p.a}-${p.b}`)).toEqual(['A-B', 'A-C', 'B-C']);
    expect(pairs[1].score).toBe(100);
  });
});
