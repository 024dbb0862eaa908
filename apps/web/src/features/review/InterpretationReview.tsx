import { useState } from 'react';
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { InterpretationDetail, TenderAnalysis } from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { interpretationKeys } from '../interpretation/api.ts';
import { reviewApi } from './api.ts';
import { AnalysisReview } from './AnalysisReview.tsx';
import { saveFailure } from './BidAnalysisReview.tsx';

/**
 * 招标文件解读's review: the same editor over a finished interpretation; saved over its version
 * (the report, its Word export and bids made from it then use the corrected analysis).
 */
export function InterpretationReview({
  detail,
  onDone,
}: {
  detail: InterpretationDetail;
  /** Saved or cancelled: back to the report. */
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save(draft: TenderAnalysis) {
    setSaving(true);
    try {
      await reviewApi.saveInterpretation(detail.id, detail.version, draft);
      await qc.invalidateQueries({ queryKey: interpretationKeys.detail(detail.id) });
      await qc.invalidateQueries({ queryKey: interpretationKeys.all });
      toastSuccess('解析结果已保存');
      onDone();
    } catch (e) {
      // A newer version arrives with the detail: the editor starts again from it (keyed by version).
      if (saveFailure(e) === 'stale')
        await qc.invalidateQueries({ queryKey: interpretationKeys.detail(detail.id) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AnalysisReview
      key={detail.version}
      target="interpretation"
      id={detail.id}
      analysis={detail.analysis!}
      busy={saving}
      confirmLabel="保存核对结果"
      confirmTestId="review-save"
      onConfirm={(draft) => void save(draft)}
      extra={
        <Button onClick={onDone} data-testid="review-cancel">
          取消
        </Button>
      }
    />
  );
}
