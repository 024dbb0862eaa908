import type { DiffDocument, DiffImage, DiffPair, DiffPassage } from '@bid/shared';
import { DIFF_LIMITS } from '@bid/shared';
import { comparePair, prepare, tenderGrams, type PairResult, type PreparedDoc } from '../../diff/compare.ts';
import { readDocxAssets } from '../../diff/docx-assets.ts';
import { sharedMetadata, type MetaField, type SharedMeta } from '../../diff/metadata.ts';
import { decodeImage, greyThumb, hamming, IMAGE_LIMITS, phash, thumbnailPng } from '../../diff/phash.ts';
import type { Actor } from '../../policy/actor.ts';
import type { DiffSource, LoadedDocument } from './source.ts';

/** A document of a comparison as chosen by the user. */
export interface ComparedDocument {
  key: string;
  source: 'bid' | 'file';
  id: string;
  name: string;
}

export interface DiffResult {
  documents: DiffDocument[];
  pairs: DiffPair[];
  passages: DiffPassage[];
  images: DiffImage[];
  metadata: SharedMeta[];
  tenderExcluded: boolean;
}

export type ProgressFn = (percent: number, stage: string) => Promise<void>;

/** Image pairs reported (the closest first). */
const MAX_IMAGE_MATCHES = 100;
/** Pictures smaller than this on a side are icons and bullets, not evidence. */
const MIN_SIDE = 16;

function clip(text: string, start: number, end: number): string {
  const s = text.slice(start, end);
  return s.length > DIFF_LIMITS.passageTextMax ? `${s.slice(0, DIFF_LIMITS.passageTextMax)}…` : s;
}

interface Hashed {
  key: string;
  index: number;
  hash: string;
}

/** Perceptual hash of a picture; null for undecodable, tiny or flat (single-colour) ones. */
function hashOf(bytes: Uint8Array): string | null {
  const img = decodeImage(bytes);
  if (!img || img.width < MIN_SIDE || img.height < MIN_SIDE) return null;
  const g = greyThumb(img);
  let mean = 0;
  for (const v of g) mean += v;
  mean /= g.length;
  let variance = 0;
  for (const v of g) variance += (v - mean) ** 2;
  if (variance / g.length < 4) return null;
  return phash(img);
}

function thumbUrl(bytes: Uint8Array): string {
  const img = decodeImage(bytes);
  return img ? `data:image/png;base64,${thumbnailPng(img).toString('base64')}` : '';
}

/**
 * The comparison itself: reads the documents (pictures and properties of uploaded DOCX files
 * included), leaves out text quoted from the tenders, aligns every pair, matches pictures by
 * perceptual hash and lists shared properties. Reports progress between steps.
 */
export async function runComparison(
  actor: Actor,
  docs: ComparedDocument[],
  tenderFileId: string | null,
  source: DiffSource,
  progress: ProgressFn,
): Promise<DiffResult> {
  const loaded: Array<LoadedDocument & { metadata: MetaField[] }> = [];
  for (const [i, d] of docs.entries()) {
    const doc = d.source === 'bid' ? await source.loadBid(actor, d.id) : await source.loadFile(actor, d.id);
    let metadata: MetaField[] = [];
    if (doc.docx) {
      // A DOCX whose zip the reader refuses still has its parsed text compared.
      const assets = await readDocxAssets(doc.docx).catch(() => null);
      if (assets) {
        doc.images = assets.images;
        metadata = assets.metadata;
      }
    }
    loaded.push({ ...doc, metadata });
    await progress(2 + (28 * (i + 1)) / docs.length, `正在读取文件（${i + 1}/${docs.length}）`);
  }

  const tenders = new Set<string>();
  if (tenderFileId) tenders.add((await source.loadFile(actor, tenderFileId)).text);
  for (const d of loaded) if (d.tender?.trim()) tenders.add(d.tender);
  const grams = tenderGrams([...tenders].join('\n'));
  const prepared: PreparedDoc[] = [];
  for (const [i, d] of loaded.entries()) {
    prepared.push(prepare({ key: docs[i].key, text: d.text }, grams));
    await progress(30 + (10 * (i + 1)) / docs.length, '正在比对文字');
  }

  const pairResults: PairResult[] = [];
  const total = (docs.length * (docs.length - 1)) / 2;
  for (let i = 0; i < prepared.length; i++) {
    for (let j = i + 1; j < prepared.length; j++) {
      pairResults.push(comparePair(prepared[i], prepared[j], grams));
      await progress(
        40 + (35 * pairResults.length) / total,
        `正在比对文字（${pairResults.length}/${total} 对）`,
      );
    }
  }

  const hashed: Hashed[] = [];
  const imageTotal = loaded.reduce((s, d) => s + d.images.length, 0);
  let seen = 0;
  for (const [i, d] of loaded.entries()) {
    for (const [index, bytes] of d.images.entries()) {
      const hash = hashOf(bytes);
      if (hash) hashed.push({ key: docs[i].key, index, hash });
      seen++;
      // Decoding a large picture takes a while: the event loop gets a turn after each one.
      await progress(75 + (17 * seen) / Math.max(1, imageTotal), '正在比对图片');
    }
  }
  const matches: Array<{ a: Hashed; b: Hashed; distance: number }> = [];
  for (let x = 0; x < hashed.length; x++) {
    for (let y = x + 1; y < hashed.length; y++) {
      if (hashed[x].key === hashed[y].key) continue;
      const distance = hamming(hashed[x].hash, hashed[y].hash);
      if (distance <= IMAGE_LIMITS.matchDistance) matches.push({ a: hashed[x], b: hashed[y], distance });
    }
  }
  matches.sort((p, q) => p.distance - q.distance);
  const imageOf = (h: Hashed) => loaded[docs.findIndex((d) => d.key === h.key)].images[h.index];
  const thumbs = new Map<string, string>();
  const thumb = (h: Hashed) => {
    const id = `${h.key}:${h.index}`;
    if (!thumbs.has(id)) thumbs.set(id, thumbUrl(imageOf(h)));
    return thumbs.get(id)!;
  };
  const images: DiffImage[] = [];
  for (const m of matches.slice(0, MAX_IMAGE_MATCHES)) {
    images.push({
      a: { key: m.a.key, index: m.a.index, thumb: thumb(m.a) },
      b: { key: m.b.key, index: m.b.index, thumb: thumb(m.b) },
      distance: m.distance,
    });
  }
  await progress(95, '正在比对文档属性');

  const metadata = sharedMetadata(loaded.map((d, i) => ({ key: docs[i].key, fields: d.metadata })));
  const passages: DiffPassage[] = pairResults.flatMap((p) => {
    const ta = loaded[docs.findIndex((d) => d.key === p.a)].text;
    const tb = loaded[docs.findIndex((d) => d.key === p.b)].text;
    return p.passages.map((x) => ({
      a: { key: p.a, text: clip(ta, x.aStart, x.aEnd), start: x.aStart, end: x.aEnd },
      b: { key: p.b, text: clip(tb, x.bStart, x.bEnd), start: x.bStart, end: x.bEnd },
      similarity: x.similarity,
    }));
  });
  const both = (keys: string[], a: string, b: string) => keys.includes(a) && keys.includes(b);
  return {
    documents: docs.map((d, i) => ({
      key: d.key,
      name: d.name,
      source: d.source,
      text: loaded[i].text,
      images: loaded[i].images.length,
    })),
    pairs: pairResults.map((p) => ({
      a: p.a,
      b: p.b,
      score: p.score,
      passages: p.passages.length,
      images: images.filter((m) => both([m.a.key, m.b.key], p.a, p.b)).length,
      metadata: metadata.filter((m) => both(m.keys, p.a, p.b)).length,
    })),
    passages,
    images,
    metadata,
    tenderExcluded: grams !== null,
  };
}
