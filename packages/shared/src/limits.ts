/** Business constants and limits (SPEC section 9 and our own). One place for each number. */
export const LIMITS = {
  /** Default request timeout of the web client, ms. */
  defaultTimeoutMs: 10_000,
  /** Duplicate-submit window, ms. */
  duplicateSubmitWindowMs: 1_000,
  /** Largest JSON body the server accepts. */
  jsonBodyBytes: 2 * 1024 * 1024,
  /** Largest uploaded file. */
  uploadBytes: 50 * 1024 * 1024,
  /** Toasts, notifications, errors (SPEC section 9). */
  toastMs: 3_000,
  toastOffset: 16,
  notificationMs: 4_500,
  errorNotificationMs: 5_000,
  /** Timer tick of the countdown helper. */
  countdownTickMs: 1_000,
  /** Progress a bid needs before it can be finished. */
  finishProgress: 100,
  /** Session lifetime in seconds (API.md: expires_in 604800). */
  sessionTtlSeconds: 7 * 24 * 3600,
  /** Deepest outline level. */
  maxCatalogDepth: 9,
  /** Web client: a file upload may take far longer than an ordinary call (50 MB on a slow line). */
  uploadTimeoutMs: 600_000,
  /** Web client: how long fetched data counts as fresh for TanStack Query. */
  queryStaleMs: 30_000,
} as const;

export const NOTIFICATION_PLACEMENTS = ['topRight', 'topLeft', 'bottomRight', 'bottomLeft'] as const;
export type NotificationPlacement = (typeof NOTIFICATION_PLACEMENTS)[number];
