export * from './types.ts';
export { writeBidDocx, writeBidDocxDetailed, flattenChapters, MAX_LEVEL, type WriteResult } from './writer.ts';
export { decodeDataUrl, imageInfo, fitImage } from './images.ts';
