import { useState, type ReactNode } from 'react';
import { Alert, Button, Empty } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenderAnalysis } from '@bid/shared';
import { isApiError, isConflictError } from '../../api/errors.ts';
import { confirmDialog, notifyError, notifyWarning, toastSuccess } from '../../utils/feedback.ts';
import { aiApi } from '../ai/api.ts';
import { bidKeys } from '../bid/api.ts';
import { reviewApi, reviewKeys } from './api.ts';
import { AnalysisReview } from './AnalysisReview.tsx';
import { StepsDialog, Waiting } from './Waiting.tsx';

/** What the writer is told when another save (another window, a re-read) came first. */
export const STALE_MSG = '分析已被更新，请刷新后再改';

/** A failed save in the writer's words: true when the analysis changed meanwhile (the caller reloads). */
export function saveFailure(e: unknown): 'stale' | 'failed' {
  if (isConflictError(e)) {
    notifyWarning(STALE_MSG, { description: '已重新加载最新的解析结果，刚才的修改没有保存。' });
    return 'stale';
  }
  if (isApiError(e)) notifyError(e.message);
  else notifyError('保存失败，请重试');
  return 'failed';
}

const CREATE_STEPS = ['保存核对结果', '按确认的评分项生成大纲', '进入写作'];

/**
 * A bid's analysis under review. Before the outline exists (新建标书's second step) the confirm saves
 * and plans the outline from what was confirmed, then opens the workspace; once it exists (the
 * bid's analysis later) the confirm saves and offers to re-plan the outline, written chapters kept.
 */
export function BidAnalysisReview({
  bidId,
  readOnly = false,
  onOutline,
  extra,
}: {
  bidId: string;
  readOnly?: boolean;
  /** The outline was made or re-planned (the workspace opens or reloads it). */
  onOutline: (made: 'created' | 'replanned' | 'kept') => void;
  extra?: ReactNode;
}) {
  const qc = useQueryClient();
  const [since] = useState(() => Date.now());
  const q = useQuery({
    queryKey: reviewKeys.bid(bidId),
    queryFn: () => reviewApi.bidAnalysis(bidId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [step, setStep] = useState<number | null>(null);
  const [stepSince, setStepSince] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="解析结果加载失败"
        action={<Button onClick={() => void q.refetch()}>重试</Button>}
      />
    );
  if (!q.data)
    return (
      <Waiting
        label="正在读取招标文件的解析结果…"
        since={since}
        hint="还没有解析过的招标文件会先解析，较长的文件需要一些时间。"
      />
    );
  const d = q.data;
  if (!d.analysis)
    return (
      <Empty description="这份标书没有可核对的招标文件解析结果。" data-testid="review-empty">
        {extra}
      </Empty>
    );

  const reload = async () => {
    await q.refetch();
  };

  async function save(draft: TenderAnalysis): Promise<boolean> {
    try {
      await reviewApi.saveBid(bidId, d.version, draft);
      return true;
    } catch (e) {
      if (saveFailure(e) === 'stale') await reload();
      return false;
    }
  }

  async function confirmAndPlan(draft: TenderAnalysis) {
    setStepSince(Date.now());
    setStep(0);
    try {
      if (!(await save(draft))) return;
      setStep(1);
      await aiApi.generateOutline(bidId);
      setStep(2);
      await qc.invalidateQueries({ queryKey: bidKeys.all });
      onOutline('created');
    } catch {
      // The outline call's failure was shown by the request layer; the confirmed analysis is saved.
      await reload();
    } finally {
      setStep(null);
      setStepSince(null);
    }
  }

  async function saveLater(draft: TenderAnalysis) {
    setSaving(true);
    try {
      if (!(await save(draft))) return;
      toastSuccess('解析结果已保存');
      await reload();
      const replan = await confirmDialog({
        title: '按修改后的评分项调整大纲？',
        content:
          '已写内容的章节都会保留。删掉的评分项：没写内容的章节删除，写了内容的在标题前标注【评分项已删除】；新增的评分项会加上对应章节。调整前的大纲自动保存为一个版本，可以在“目录版本”中恢复。',
        okText: '调整大纲',
        cancelText: '暂不调整',
      });
      if (!replan) return onOutline('kept');
      const r = await reviewApi.replanOutline(bidId);
      toastSuccess(
        `大纲已调整：新增 ${r.added} 章，更新 ${r.updated} 章，删除 ${r.removed} 章，标注 ${r.marked} 章`,
      );
      await qc.invalidateQueries({ queryKey: bidKeys.tree(bidId) });
      onOutline('replanned');
    } catch {
      /* the re-plan's failure was shown by the request layer; the analysis is saved */
    } finally {
      setSaving(false);
    }
  }

  const planned = d.chapters > 0;
  return (
    <>
      {planned ? null : (
        <Alert
          type="info"
          showIcon
          className="rv-review__warning"
          title="请先核对招标文件的解析结果，确认后再生成大纲"
          description="大纲的章节会逐一对应下面的评分项。评分项漏了、错了或分值合计对不上时，在这里修改，或点“只粘贴评分表”粘贴招标文件的评分办法。"
        />
      )}
      <AnalysisReview
        key={d.version}
        target="bid"
        id={bidId}
        analysis={d.analysis}
        bidLot={d.lot}
        readOnly={readOnly}
        busy={saving || step != null}
        confirmLabel={planned ? '保存修改' : '确认，生成大纲'}
        onConfirm={(draft) => void (planned ? saveLater(draft) : confirmAndPlan(draft))}
        extra={extra}
      />
      <StepsDialog title="正在生成大纲" steps={CREATE_STEPS} current={step} since={stepSince} />
    </>
  );
}
