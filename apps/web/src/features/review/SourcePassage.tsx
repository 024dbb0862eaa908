import { useEffect, useRef } from 'react';
import { Alert, Button, Drawer, Spin, Tooltip, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ReviewTarget, SourceSpan } from '@bid/shared';
import { reviewApi, reviewKeys } from './api.ts';

export interface PassageRequest {
  /** What was clicked (the drawer's title). */
  title: string;
  span: SourceSpan;
}

/** 「原文」 on a row with a source; 「未定位」 when the tender does not have it (a pasted item from a missing page). */
export function SourceButton({ span, onOpen }: { span: SourceSpan | null | undefined; onOpen: () => void }) {
  if (!span)
    return (
      <Tooltip title="招标文件中没有找到这一项的原文（例如文件缺页，或是手动添加的）">
        <Typography.Text type="secondary" className="rv-source--none" data-testid="review-no-source">
          未定位
        </Typography.Text>
      </Tooltip>
    );
  return (
    <Button
      type="link"
      size="small"
      icon={<AimOutlined />}
      className="rv-source"
      onClick={onOpen}
      data-testid="review-source"
    >
      原文
    </Button>
  );
}

/**
 * The passage of the tender an item was read from, fetched as a window around its span (a 400-page
 * tender is not sent to the screen), the span highlighted and scrolled into view.
 */
export function SourcePassage({
  target,
  id,
  passage,
  onClose,
}: {
  target: ReviewTarget;
  id: string;
  passage: PassageRequest | null;
  onClose: () => void;
}) {
  const span = passage?.span;
  const q = useQuery({
    queryKey: reviewKeys.passage(target, id, span?.start ?? 0, span?.end ?? 0),
    queryFn: () => reviewApi.passage(target, id, span!.start, span!.end),
    enabled: Boolean(span),
    staleTime: Infinity,
    retry: false,
  });
  const mark = useRef<HTMLElement | null>(null);
  const p = q.data;
  useEffect(() => {
    if (!p) return;
    const t = setTimeout(() => mark.current?.scrollIntoView({ block: 'center' }), 60);
    return () => clearTimeout(t);
  }, [p]);

  const title = passage?.title ?? '';
  return (
    <Drawer
      open={Boolean(passage)}
      onClose={onClose}
      size={600}
      title={`原文：${title.length > 40 ? `${title.slice(0, 40)}…` : title}`}
      destroyOnHidden
      data-testid="review-passage"
    >
      {q.isError ? (
        <Alert type="error" showIcon title="原文加载失败，请关闭后重试" />
      ) : !p ? (
        <div className="rv-passage__loading">
          <Spin />
          <Typography.Text type="secondary">正在打开招标文件原文…</Typography.Text>
        </div>
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            位于招标文件第 {(p.start + 1).toLocaleString('zh-CN')} 字处（共 {p.total.toLocaleString('zh-CN')}{' '}
            字），高亮部分为这一项的出处{p.cut ? '（出处较长，只显示开头部分）' : ''}。
          </Typography.Paragraph>
          <div className="ip-passage" data-testid="review-passage-text">
            {p.from > 0 ? '…' : ''}
            {p.before}
            <mark ref={mark} className="ip-passage__mark" data-testid="review-passage-mark">
              {p.text}
            </mark>
            {p.after}
            {p.to < p.total ? '…' : ''}
          </div>
        </>
      )}
    </Drawer>
  );
}
