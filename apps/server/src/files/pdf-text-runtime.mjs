// pdf.js for a parse child, which only reads text: pdf-runtime.mjs without the work of drawing
// glyphs (see TEXT_ONLY there). Preloaded by files/parse.ts before parse-core.ts imports
// pdf-runtime.mjs, which is then this same, already set up module.
globalThis.bidPdfTextOnly = true;
await import('./pdf-runtime.mjs');
