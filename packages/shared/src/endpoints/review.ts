import {
  analysisVersionSchema,
  bidAnalysisSchema,
  replanOutlineResultSchema,
  replanOutlineSchema,
  reparseScoringResultSchema,
  reparseScoringSchema,
  tenderPassageQuerySchema,
  tenderPassageSchema,
  updateAnalysisSchema,
} from '../schemas/review.ts';
import { idParamSchema } from '../schemas/common.ts';
import { post, type Out } from './define.ts';

/** The writer's review of the tender analysis (before the outline), for bids and interpretations. */
export const reviewEndpoints = {
  getBidAnalysis: post<Out<typeof bidAnalysisSchema>, typeof idParamSchema>(
    '/bid/client/getBidAnalysis',
    idParamSchema,
    bidAnalysisSchema,
  ),
  updateBidAnalysis: post<Out<typeof analysisVersionSchema>, typeof updateAnalysisSchema>(
    '/bid/client/updateBidAnalysis',
    updateAnalysisSchema,
    analysisVersionSchema,
  ),
  getTenderPassage: post<Out<typeof tenderPassageSchema>, typeof tenderPassageQuerySchema>(
    '/bid/client/getTenderPassage',
    tenderPassageQuerySchema,
    tenderPassageSchema,
  ),
  reparseScoring: post<Out<typeof reparseScoringResultSchema>, typeof reparseScoringSchema>(
    '/ai/client/reparseScoring',
    reparseScoringSchema,
    reparseScoringResultSchema,
  ),
  replanBidCatalog: post<Out<typeof replanOutlineResultSchema>, typeof replanOutlineSchema>(
    '/ai/client/replanBidCatalog',
    replanOutlineSchema,
    replanOutlineResultSchema,
  ),
  interpretationUpdateAnalysis: post<Out<typeof analysisVersionSchema>, typeof updateAnalysisSchema>(
    '/ai/fileInterpretationClient/updateAnalysis',
    updateAnalysisSchema,
    analysisVersionSchema,
  ),
  interpretationPassage: post<Out<typeof tenderPassageSchema>, typeof tenderPassageQuerySchema>(
    '/ai/fileInterpretationClient/passage',
    tenderPassageQuerySchema,
    tenderPassageSchema,
  ),
};
