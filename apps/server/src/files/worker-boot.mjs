// Worker bootstrap. Plain JavaScript so that it loads without a loader. The heavy parsers are
// imported BEFORE the TypeScript loader is registered: tsx would otherwise transform their
// megabytes of JavaScript on every parse (seconds per file). pdf.js finds its worker module on
// globalThis.pdfjsWorker and then runs it in this thread without importing it again.
import { workerData } from 'node:worker_threads';

const kind = workerData.kind;
if (kind === 'pdf') {
  await import('pdfjs-dist/legacy/build/pdf.mjs');
  globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
} else if (kind === 'docx') {
  await import('mammoth');
  await import('yauzl');
} else if (kind === 'doc') {
  await import('word-extractor');
} else {
  await import('iconv-lite');
}

if (workerData.__entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.__entry);
