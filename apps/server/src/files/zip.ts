import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { errorMessage } from '../lib/unknown.ts';

export class ZipRejected extends Error {
  constructor(
    readonly reason: 'bomb' | 'broken' | 'not-docx',
    message: string,
  ) {
    super(message);
  }
}

export interface ZipLimits {
  maxUnpackedBytes: number;
  maxEntries: number;
}

function openBuffer(buf: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      buf,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('zip')) : resolve(zip)),
    ),
  );
}

/**
 * Checks a DOCX before anything unpacks it: the central directory's entry count and declared
 * sizes first (cheap), then every entry is inflated as a stream with a running byte count, so a
 * header that lies about its size is caught too (yauzl compares real and declared sizes). Returns
 * the small XML parts the numbering recovery needs.
 */
export async function checkDocxZip(
  buf: Buffer,
  limits: ZipLimits,
  keep: string[] = [],
): Promise<Map<string, string>> {
  const parts = await readDocxParts(buf, limits, (name) => keep.includes(name));
  return new Map([...parts].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}

/**
 * The same checks as checkDocxZip, keeping the raw bytes of the entries `want` selects (the
 * pictures of word/media for the comparison of bids).
 */
export async function readDocxParts(
  buf: Buffer,
  limits: ZipLimits,
  want: (name: string) => boolean,
): Promise<Map<string, Buffer>> {
  let zip: ZipFile;
  try {
    zip = await openBuffer(buf);
  } catch (e) {
    throw new ZipRejected('broken', errorMessage(e));
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipRejected('bomb', `too many entries: ${zip.entryCount}`);
  }
  const entries: Entry[] = [];
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: Entry) => {
      entries.push(e);
      declared += e.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) {
        zip.close();
        reject(new ZipRejected('bomb', `declared unpacked size over ${limits.maxUnpackedBytes}`));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (err) => reject(new ZipRejected('broken', err.message)));
    zip.readEntry();
  });
  if (!entries.some((e) => e.fileName === 'word/document.xml')) {
    zip.close();
    throw new ZipRejected('not-docx', 'no word/document.xml');
  }
  const kept = new Map<string, Buffer>();
  let actual = 0;
  for (const e of entries) {
    if (/\/$/.test(e.fileName)) continue;
    const chunks: Buffer[] = [];
    const wanted = want(e.fileName);
    await new Promise<void>((resolve, reject) => {
      zip.openReadStream(e, (err, stream) => {
        if (err || !stream) return reject(new ZipRejected('broken', err?.message ?? 'stream'));
        stream.on('data', (c: Buffer) => {
          actual += c.length;
          if (actual > limits.maxUnpackedBytes) {
            stream.destroy();
            reject(new ZipRejected('bomb', 'unpacked size over limit'));
            return;
          }
          if (wanted) chunks.push(c);
        });
        stream.on('end', () => resolve());
        // yauzl compares the real inflated size with the declared one ("too many bytes in the stream").
        stream.on('error', (er) =>
          reject(new ZipRejected(/too many bytes|size/i.test(er.message) ? 'bomb' : 'broken', er.message)),
        );
      });
    });
    if (wanted) kept.set(e.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return kept;
}
