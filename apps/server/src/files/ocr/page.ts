import { detectLines, recogniseLines, type OcrLine } from './engine.ts';
import { layoutText } from './layout.ts';
import { estimateSkew, levels, rotate, type Gray } from './raster.ts';
import { findTables, type Table } from './table.ts';

export interface OcrPage {
  text: string;
  /** Degrees the page was turned back by before reading. */
  skew: number;
  width: number;
  height: number;
  /** Each recognised line with its box on the (deskewed) page image. */
  lines: OcrLine[];
  /** Ruled tables found on the page. */
  tables: Table[];
}

/** Reads one page image: deskew, find the lines, recognise them, lay them out. */
export async function ocrImage(img: Gray): Promise<OcrPage> {
  const skew = estimateSkew(img);
  const upright = levels(Math.abs(skew) >= 0.1 ? rotate(img, skew) : img);
  const boxes = await detectLines(upright);
  const lines = await recogniseLines(upright, boxes);
  const tables = findTables(upright);
  return {
    text: layoutText(lines, tables),
    skew,
    width: upright.width,
    height: upright.height,
    lines,
    tables,
  };
}
