import { parentPort } from 'node:worker_threads';
import { writeBidDocx } from '@bid/document/docx/writer';
import { renderDiagramPng } from '@bid/document/diagrams/png';
import type { FromWorker, ToWorker } from './protocol.ts';

/**
 * The export worker thread: lays out and packs the .docx away from the event loop, diagrams
 * rendered to PNG with the bundled font. One task at a time; the pool gives it the next.
 */
const port = parentPort!;

function send(msg: FromWorker, transfer: ArrayBuffer[] = []): void {
  port.postMessage(msg, transfer);
}

port.on('message', async (msg: ToWorker) => {
  if (msg.type !== 'run') return;
  const { taskId, task } = msg;
  let last = 0;
  try {
    const file = await writeBidDocx({
      bid: task.bid,
      chapters: task.chapters,
      template: task.template,
      options: {
        diagramToPng: async (d) => {
          const r = await renderDiagramPng({ kind: d.kind, model: d.model });
          return {
            png: r.png,
            width: r.width,
            height: r.height,
            cssWidth: r.cssWidth,
            cssHeight: r.cssHeight,
          };
        },
        resolveImage: (src) => task.images[src] ?? null,
        tocField: !task.forPdf,
        sectionPagesField: !task.forPdf,
        onProgress: (progress) => {
          // At most a few messages a second: progress is for a progress bar.
          const now = Date.now();
          if (progress.stage === 'content' && progress.done < progress.total && now - last < 200) return;
          last = now;
          send({ type: 'progress', taskId, progress });
        },
      },
    });
    const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
    const copy =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    send({ type: 'done', taskId, file: copy }, [copy.buffer as ArrayBuffer]);
  } catch (err) {
    send({
      type: 'error',
      taskId,
      message: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
});
