import { cleanForWord } from '../text.ts';
import { sizeToPt } from '../templates/sizes.ts';
import type { ContentCtx, Env, ResolvedImage } from './content-context.ts';
import { lineHeightPt } from './estimate.ts';
import { fitImage, type ImageInfo } from './images.ts';
import { STYLE } from './styles.ts';
import { drawing, paragraph, rPr, runs } from './xml.ts';

const TWIPS_PER_PX = 15;
const EXT: Record<ImageInfo['type'], string> = { png: 'png', jpg: 'jpeg', gif: 'gif', bmp: 'bmp' };

export function captionXml(ctx: ContentCtx, caption: string): string | null {
  const c = ctx.tpl.caption;
  const text = cleanForWord(caption).replace(/\s+/g, ' ').trim();
  ctx.figures.inChapter++;
  ctx.figures.global++;
  const number =
    c.numbering === 'chapter'
      ? `${c.figurePrefix} ${ctx.figures.chapter}-${ctx.figures.inChapter}`
      : c.numbering === 'global'
        ? `${c.figurePrefix} ${ctx.figures.global}`
        : '';
  const full = [number, text].filter(Boolean).join(' ');
  if (!full) return null;
  ctx.est.flow(1, lineHeightPt(ctx.tpl.body.lineSpacing, sizeToPt(c.font.size)), 3, 6);
  return paragraph({ style: STYLE.caption }, runs(full, rPr({ font: c.font, color: null })));
}

function mediaRid(ctx: ContentCtx, img: ResolvedImage): string {
  let rid = ctx.rels.byData.get(img.data);
  if (!rid) {
    const n = ctx.rels.media.length + 1;
    rid = `rIdBidImg${n}`;
    ctx.rels.media.push({ rid, path: `media/bid_image${n}.${EXT[img.info.type]}`, data: img.data });
    ctx.rels.byData.set(img.data, rid);
  }
  return rid;
}

export function pictureXml(
  img: ResolvedImage,
  caption: string,
  ctx: ContentCtx,
  env: Env,
  out: string[],
  altText: string,
): void {
  const maxW = env.width / TWIPS_PER_PX;
  const maxH = (ctx.geo.textHeight * (env.cell ? 0.3 : 0.6)) / TWIPS_PER_PX;
  const size = fitImage(img.cssWidth, img.cssHeight, maxW, maxH);
  if (!env.cell) ctx.est.block(size.height * 0.75 + 6);
  const alt = cleanForWord(altText).slice(0, 200) || '图片';
  const id = ctx.rels.nextDrawingId++;
  const rid = mediaRid(ctx, img);
  out.push(
    paragraph(
      {
        keepNext: Boolean(caption) && !env.cell,
        spacing: { before: 60, after: 0, line: 240, lineRule: 'auto' },
        indent: { firstLine: 0, firstLineChars: 0 },
        jc: 'center',
      },
      drawing(rid, id, size.width, size.height, alt, `image${id}.${EXT[img.info.type]}`),
    ),
  );
  if (caption && !env.cell) {
    const p = captionXml(ctx, caption);
    if (p) out.push(p);
  }
}
