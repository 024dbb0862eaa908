import { idParamSchema } from '../schemas/common.ts';
import { addBidAmendmentSchema, bidAmendmentsSchema, type BidAmendments } from '../schemas/amendment.ts';
import { post } from './define.ts';

/** A bid's amendments (补遗 / 澄清 / 答疑) and the changes read from them. */
export const amendmentEndpoints = {
  getBidAmendments: post<BidAmendments, typeof idParamSchema>(
    '/bid/client/getBidAmendments',
    idParamSchema,
    bidAmendmentsSchema,
  ),
  addBidAmendment: post<BidAmendments, typeof addBidAmendmentSchema>(
    '/bid/client/addBidAmendment',
    addBidAmendmentSchema,
    bidAmendmentsSchema,
  ),
};
