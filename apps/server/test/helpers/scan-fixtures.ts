import { createCanvas, loadImage } from '@napi-rs/canvas';
import { openPdf } from '../../src/files/pdf-runtime.mjs';

/**
 * Scanned copies of PDFs, made at test time: each page drawn at `dpi`, turned by `turnDeg`, with
 * light noise and a red seal, saved as a JPEG page image in a PDF without a text layer, as a
 * copier's "scan to PDF" makes them.
 */
export interface ScanOptions {
  dpi?: number;
  turnDeg?: number;
  /** Grey noise amplitude (0–255) added to a share of the pixels. */
  noise?: number;
  seal?: boolean;
  /** Pages to scan (1-based); all when omitted. */
  pages?: number[];
}

interface RenderPage {
  getViewport(p: { scale: number }): { width: number; height: number };
  render(p: { canvas: unknown; canvasContext: unknown; viewport: unknown; background?: string }): {
    promise: Promise<void>;
  };
}

/** JPEG page images of a PDF as a copier would scan them. */
export async function scanImages(
  pdf: Buffer,
  opts: ScanOptions = {},
): Promise<Array<{ jpeg: Buffer; w: number; h: number }>> {
  const dpi = opts.dpi ?? 150;
  const doc = await openPdf(new Uint8Array(pdf)).promise;
  const out: Array<{ jpeg: Buffer; w: number; h: number }> = [];
  try {
    const pages = opts.pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1);
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (const n of pages) {
      const page = (await doc.getPage(n)) as unknown as RenderPage;
      const viewport = page.getViewport({ scale: dpi / 72 });
      const w = Math.round(viewport.width);
      const h = Math.round(viewport.height);
      const flat = createCanvas(w, h);
      const fctx = flat.getContext('2d');
      fctx.fillStyle = 'white';
      fctx.fillRect(0, 0, w, h);
      await page.render({ canvas: flat, canvasContext: fctx, viewport, background: 'white' }).promise;
      const sheet = createCanvas(w, h);
      const ctx = sheet.getContext('2d');
      ctx.fillStyle = 'white';
      ctx.fillRect(0, 0, w, h);
      ctx.translate(w / 2, h / 2);
      ctx.rotate(((opts.turnDeg ?? 0) * Math.PI) / 180);
      ctx.translate(-w / 2, -h / 2);
      ctx.drawImage(await loadImage(await flat.encode('png')), 0, 0);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (opts.seal) {
        // A round red company seal over the lower right of the text.
        const cx = w * 0.7;
        const cy = h * 0.55;
        const r = dpi * 0.8;
        ctx.globalAlpha = 0.75;
        ctx.strokeStyle = '#d21f1f';
        ctx.fillStyle = '#d21f1f';
        ctx.lineWidth = dpi / 30;
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, Math.PI * 2);
        ctx.stroke();
        ctx.font = `${Math.round(dpi / 3)}px sans-serif`;
        ctx.textAlign = 'center';
        ctx.fillText('★', cx, cy + dpi / 10);
        ctx.font = `${Math.round(dpi / 7)}px sans-serif`;
        ctx.fillText('招标代理专用章', cx, cy + r * 0.6);
        ctx.globalAlpha = 1;
      }
      if (opts.noise) {
        const img = ctx.getImageData(0, 0, w, h);
        const d = img.data;
        for (let i = 0; i < d.length; i += 4) {
          if (rand() > 0.03) continue;
          const v = (rand() - 0.5) * 2 * opts.noise;
          for (let c = 0; c < 3; c++) d[i + c] = Math.max(0, Math.min(255, d[i + c] + v));
        }
        ctx.putImageData(img, 0, 0);
      }
      out.push({ jpeg: await sheet.encode('jpeg', 80), w, h });
    }
  } finally {
    await doc.destroy();
  }
  return out;
}

/** A PDF whose pages are the given JPEGs only (no text layer), each page sized at `dpi`. */
export function imagePdf(images: Array<{ jpeg: Buffer; w: number; h: number }>, dpi = 150): Buffer {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const put = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    chunks.push(buf);
    length += buf.length;
  };
  const obj = (n: number, body: () => void) => {
    offsets[n] = length;
    put(`${n} 0 obj\n`);
    body();
    put('\nendobj\n');
  };
  put('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const n = images.length;
  // 1 catalog, 2 pages, then per page: page, content, image.
  const kids = images.map((_, i) => `${3 + i * 3} 0 R`).join(' ');
  obj(1, () => put('<< /Type /Catalog /Pages 2 0 R >>'));
  obj(2, () => put(`<< /Type /Pages /Kids [${kids}] /Count ${n} >>`));
  images.forEach((im, i) => {
    const id = 3 + i * 3;
    const pw = (im.w * 72) / dpi;
    const ph = (im.h * 72) / dpi;
    const content = `q ${pw.toFixed(2)} 0 0 ${ph.toFixed(2)} 0 0 cm /Im0 Do Q`;
    obj(id, () =>
      put(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pw.toFixed(2)} ${ph.toFixed(2)}] /Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`,
      ),
    );
    obj(id + 1, () => put(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`));
    obj(id + 2, () => {
      put(
        `<< /Type /XObject /Subtype /Image /Width ${im.w} /Height ${im.h} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${im.jpeg.length} >>\nstream\n`,
      );
      put(im.jpeg);
      put('\nendstream');
    });
  });
  const xref = length;
  const size = 3 + n * 3;
  put(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let i = 1; i < size; i++) put(`${String(offsets[i]).padStart(10, '0')} 00000 n \n`);
  put(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}

/** A scanned copy of `pdf` (see ScanOptions). */
export async function scannedPdf(pdf: Buffer, opts: ScanOptions = {}): Promise<Buffer> {
  return imagePdf(await scanImages(pdf, opts), opts.dpi ?? 150);
}

/**
 * The same PDF with its fonts' Unicode maps made unreadable (the /ToUnicode key renamed, byte
 * for byte the same length so that the cross-reference offsets stay right): pdf.js then reads
 * glyph numbers as characters, as it does for a real PDF whose subset fonts lost that map.
 */
export function garbledPdf(pdf: Buffer): Buffer {
  return Buffer.from(pdf.toString('latin1').replaceAll('/ToUnicode', '/ToUnicodX'), 'latin1');
}

/**
 * The same PDF showing only the pages `keep` (1-based): the other entries of the page tree's /Kids
 * are blanked out and /Count lowered, byte for byte the same length (cross-reference offsets stay
 * right). For PDFs with one flat page tree, as LibreOffice writes them.
 */
export function pdfPages(pdf: Buffer, keep: number[]): Buffer {
  let s = pdf.toString('latin1');
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(s);
  const count = /\/Count (\d+)/.exec(s);
  if (!kids || !count) throw new Error('no flat page tree');
  const refs = [...kids[1].matchAll(/\d+\s+\d+\s+R/g)].map((m) => m[0]);
  const kept = keep.map((k) => refs[k - 1]).join(' ');
  const list = kept.padEnd(kids[1].length, ' ');
  const at = kids.index + kids[0].indexOf('[') + 1;
  s = s.slice(0, at) + list + s.slice(at + kids[1].length);
  const n = String(keep.length).padEnd(count[1].length, ' ');
  s = s.slice(0, count.index + 7) + n + s.slice(count.index + 7 + count[1].length);
  return Buffer.from(s, 'latin1');
}

/** What certificateScan prints. */
export interface CertificateText {
  title: string;
  company: string;
  number: string;
  name: string;
  issuer: string;
  /** e.g. 2023年06月01日至2028年05月31日 */
  period: string;
}

export const SAMPLE_CERTIFICATE: CertificateText = {
  title: '建筑业企业资质证书',
  company: '临川市宏远建设有限公司',
  number: 'D236051234',
  name: '建筑工程施工总承包贰级',
  issuer: '临川省住房和城乡建设厅',
  period: '2023年06月01日至2028年05月31日',
};

/**
 * A scanned certificate as a writer photographs or scans one: landscape A4 at `dpi`, a double
 * border, the title, labelled fields, the issuer over a red seal, turned by `turnDeg`, light noise.
 */
export async function certificateScan(
  c: CertificateText = SAMPLE_CERTIFICATE,
  opts: { dpi?: number; turnDeg?: number; format?: 'png' | 'jpeg' } = {},
): Promise<{ bytes: Buffer; w: number; h: number }> {
  const dpi = opts.dpi ?? 150;
  // Skia finds the CJK fonts by name (Debian's Noto CJK registers its first face, JP).
  const sans = '"Noto Sans CJK SC", "Noto Sans CJK JP", sans-serif';
  const serif = '"Noto Serif CJK SC", "Noto Serif CJK JP", serif';
  const w = Math.round((297 / 25.4) * dpi);
  const h = Math.round((210 / 25.4) * dpi);
  const flat = createCanvas(w, h);
  const ctx = flat.getContext('2d');
  ctx.fillStyle = '#fbf8ef';
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = '#8a6d3b';
  ctx.lineWidth = dpi / 25;
  ctx.strokeRect(dpi * 0.4, dpi * 0.4, w - dpi * 0.8, h - dpi * 0.8);
  ctx.lineWidth = dpi / 75;
  ctx.strokeRect(dpi * 0.55, dpi * 0.55, w - dpi * 1.1, h - dpi * 1.1);
  ctx.fillStyle = '#222';
  ctx.textAlign = 'center';
  ctx.font = `bold ${Math.round(dpi * 0.42)}px ${serif}`;
  ctx.fillText(c.title, w / 2, dpi * 1.5);
  ctx.textAlign = 'left';
  ctx.font = `${Math.round(dpi * 0.17)}px ${sans}`;
  const rows: Array<[string, string]> = [
    ['企业名称', c.company],
    ['证书编号', c.number],
    ['资质类别及等级', c.name],
    ['有效期', c.period],
  ];
  rows.forEach(([label, value], i) => {
    const y = dpi * (2.4 + i * 0.6);
    ctx.fillText(`${label}：${value}`, dpi * 1.5, y);
  });
  ctx.fillText(`发证机关：${c.issuer}`, w * 0.55, dpi * 5.2);
  ctx.fillText('发证日期：2023年06月01日', w * 0.55, dpi * 5.7);
  // The issuer's round red seal over its name.
  const cx = w * 0.68;
  const cy = dpi * 5.1;
  const r = dpi * 0.7;
  ctx.globalAlpha = 0.7;
  ctx.strokeStyle = '#d21f1f';
  ctx.fillStyle = '#d21f1f';
  ctx.lineWidth = dpi / 30;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.textAlign = 'center';
  ctx.font = `${Math.round(dpi / 3)}px ${sans}`;
  ctx.fillText('★', cx, cy + dpi / 10);
  ctx.globalAlpha = 1;

  const sheet = createCanvas(w, h);
  const sctx = sheet.getContext('2d');
  sctx.fillStyle = 'white';
  sctx.fillRect(0, 0, w, h);
  sctx.translate(w / 2, h / 2);
  sctx.rotate(((opts.turnDeg ?? 0.4) * Math.PI) / 180);
  sctx.translate(-w / 2, -h / 2);
  sctx.drawImage(await loadImage(await flat.encode('png')), 0, 0);
  sctx.setTransform(1, 0, 0, 1, 0, 0);
  const img = sctx.getImageData(0, 0, w, h);
  let seed = 4242;
  for (let i = 0; i < img.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    if (seed / 0x7fffffff > 0.03) continue;
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const v = (seed / 0x7fffffff - 0.5) * 60;
    for (let k = 0; k < 3; k++) img.data[i + k] = Math.max(0, Math.min(255, img.data[i + k] + v));
  }
  sctx.putImageData(img, 0, 0);
  const bytes = opts.format === 'jpeg' ? await sheet.encode('jpeg', 85) : await sheet.encode('png');
  return { bytes, w, h };
}
