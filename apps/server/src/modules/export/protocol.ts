import type { ExportBid, ExportChapter, ExportProgress } from '@bid/document/docx/types';
import type { TemplateDefinition } from '@bid/document/templates/schema';

/** Messages between the export service and its worker threads. */

export interface ExportTask {
  bid: ExportBid;
  chapters: ExportChapter[];
  template: TemplateDefinition;
  /** Bytes of pictures the chapters refer to by URL (picture library), resolved on the main thread. */
  images: Record<string, Uint8Array>;
  /**
   * The file is for LibreOffice's PDF conversion: its 目录 and its footer's total are written for
   * LibreOffice to number (WriterOptions.tocField, sectionPagesField).
   */
  forPdf?: boolean;
}

export type ToWorker = { type: 'run'; taskId: number; task: ExportTask };

export type FromWorker =
  | { type: 'progress'; taskId: number; progress: ExportProgress }
  | { type: 'done'; taskId: number; file: Uint8Array }
  | { type: 'error'; taskId: number; message: string };
