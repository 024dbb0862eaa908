import type { PDFDocumentLoadingTask } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Opens a PDF with the parse child's one pdf.js worker and its CMap/font data cache. */
export function openPdf(data: Uint8Array): PDFDocumentLoadingTask;

/** Whether the worker module was loaded with TextState.clone flattened (see pdf-runtime.mjs). */
export const textStateFlattened: boolean;

/** Whether this is a parse child's text-only pdf.js (loaded through pdf-text-runtime.mjs). */
export const textOnly: boolean;

/** Which of the text-only changes to pdf.js were made (indexes into TEXT_ONLY). */
export const textOnlyApplied: number[];

/** pdf.js's operator codes. */
export const OPS: Record<string, number>;
