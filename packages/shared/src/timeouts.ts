import { LIMITS } from './limits.ts';

/**
 * Per-call timeouts of SPEC section 7, in ms, keyed by the path under /api.
 * Every other call uses LIMITS.defaultTimeoutMs.
 */
export const CALL_TIMEOUTS_MS: Readonly<Record<string, number>> = {
  '/bid/client/exportBid': 720_000,
  '/catalog/client/bidCatalogSave': 120_000,
  '/catalog/client/removeBidCatalog': 360_000,
  '/ai/client/aiGetBidCatalog': 360_000,
  // Makes the analysis when the bid has none yet (a model reads a long tender for minutes).
  '/bid/client/getBidAnalysis': 360_000,
  '/ai/client/replanBidCatalog': 360_000,
  '/ai/client/aiGetBidContent': 360_000,
  '/ai/client/aiGetBidCatalogChild': 360_000,
  '/ai/client/aiGetExpandRange': 10_800_000,
  '/ai/client/aiGenerateTable': 60_000,
  '/ai/client/aiGenerateMindMap': 60_000,
  '/ai/client/aiGenerateFlowchart': 60_000,
  '/ai/client/aiGenerateGantt': 60_000,
  '/ai/client/aiSearchImages': 60_000,
  '/ai/fileInterpretationClient/export-fileInterpretation': 300_000,
};

/** Timeout for a call path (with or without the /api prefix and query string). */
export function timeoutFor(path: string): number {
  const clean = path.split('?')[0].replace(/^\/api(?=\/)/, '');
  return CALL_TIMEOUTS_MS[clean] ?? LIMITS.defaultTimeoutMs;
}
