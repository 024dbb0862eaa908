import { idParamSchema } from '../schemas/common.ts';
import {
  bidFormsSchema,
  saveBidPriceLinesSchema,
  saveBidPriceSchema,
  saveBidTermsSchema,
  type BidForms,
} from '../schemas/forms.ts';
import { post } from './define.ts';

/** The tender's forms filled for a bid, and its one 报价. */
export const formsEndpoints = {
  getBidForms: post<BidForms, typeof idParamSchema>('/bid/client/getBidForms', idParamSchema, bidFormsSchema),
  saveBidPrice: post<BidForms, typeof saveBidPriceSchema>(
    '/bid/client/saveBidPrice',
    saveBidPriceSchema,
    bidFormsSchema,
  ),
  saveBidPriceLines: post<BidForms, typeof saveBidPriceLinesSchema>(
    '/bid/client/saveBidPriceLines',
    saveBidPriceLinesSchema,
    bidFormsSchema,
  ),
  saveBidTerms: post<BidForms, typeof saveBidTermsSchema>(
    '/bid/client/saveBidTerms',
    saveBidTermsSchema,
    bidFormsSchema,
  ),
};
