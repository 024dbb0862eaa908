/** The 商务标's amounts: the one converter lives in @bid/shared (the web's 报价 screen spells with it too). */
export { parseUpper, rmbLower, rmbUpper } from '@bid/shared';
