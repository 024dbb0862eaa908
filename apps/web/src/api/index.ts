export { api, http, duplicateGuard, normalizePath } from './request.ts';
export type { RequestOptions, UploadOptions, DownloadOptions, DownloadResult } from './request.ts';
export { ApiError, isApiError, isSilentError, isConflictError } from './errors.ts';
export type { ApiErrorKind } from './errors.ts';
export { sse, SseParser } from './sse.ts';
export type { SseEvent, SseOptions, SseResult } from './sse.ts';
export { saveBlob, fileNameFromDisposition } from './download.ts';
export { queryClient, createQueryClient } from './queryClient.ts';
export { DuplicateSubmitGuard } from './duplicateGuard.ts';
