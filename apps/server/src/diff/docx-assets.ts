import { FILE_LIMITS } from '@bid/shared';
import { readDocxParts } from '../files/zip.ts';
import { docxMetadata, METADATA_PARTS, type MetaField } from './metadata.ts';

/** Pictures compared per document; a bid with more is judged on its first ones. */
export const MAX_IMAGES_PER_DOC = 200;
/** Picture bytes kept per document (the zip reader caps the whole file at a larger size). */
export const MAX_IMAGE_BYTES_PER_DOC = 100 * 1024 * 1024;

const MEDIA = /^word\/media\/[^/]+\.(png|jpe?g)$/i;

/** Natural order: image2 before image10. */
function natural(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/**
 * Pictures (word/media, PNG and JPEG) and properties of a DOCX, read through the project's zip
 * reader with its caps on entries and unpacked size (a zip bomb is refused, not inflated).
 */
export async function readDocxAssets(buf: Buffer): Promise<{ images: Buffer[]; metadata: MetaField[] }> {
  const wanted = new Set<string>(METADATA_PARTS);
  const parts = await readDocxParts(
    buf,
    { maxUnpackedBytes: FILE_LIMITS.maxUnpackedBytes, maxEntries: FILE_LIMITS.maxZipEntries },
    (n) => wanted.has(n) || MEDIA.test(n),
  );
  const xml = new Map<string, string>();
  for (const name of METADATA_PARTS) {
    const p = parts.get(name);
    if (p) xml.set(name, p.toString('utf8'));
  }
  const images: Buffer[] = [];
  let bytes = 0;
  for (const name of [...parts.keys()].filter((n) => MEDIA.test(n)).sort(natural)) {
    const data = parts.get(name)!;
    if (images.length >= MAX_IMAGES_PER_DOC || bytes + data.length > MAX_IMAGE_BYTES_PER_DOC) break;
    images.push(data);
    bytes += data.length;
  }
  return { images, metadata: docxMetadata(xml) };
}
