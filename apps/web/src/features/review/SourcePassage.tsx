import { useEffect, useRef, type Ref } from 'react';
import { Alert, Button, Drawer, Spin, Tooltip, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { endpoints, type ReviewTarget, type SourceSpan, type TenderPassage } from '@bid/shared';
import { api } from '../../api/request.ts';
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

/** The scanned page a passage is on, its lines outlined (boxes in the page image's pixels). */
function ScanPage({
  scan,
  boxRef,
}: {
  scan: NonNullable<TenderPassage['scan']>;
  boxRef: Ref<HTMLSpanElement>;
}) {
  const pct = (v: number, of: number) => `${((v / of) * 100).toFixed(2)}%`;
  return (
    <figure className="rv-scan" data-testid="review-passage-scan">
      <figcaption>
        <Typography.Text type="secondary">
          招标文件第 {scan.page} 页（扫描件，经文字识别），框出部分为这一项的出处：
        </Typography.Text>
      </figcaption>
      {/* Sized before the image arrives, so that the outlined lines can be scrolled to at once. */}
      <div className="rv-scan__page" style={{ aspectRatio: `${scan.width} / ${scan.height}` }}>
        <img
          src={api.url(endpoints.filePageImage, { id: scan.fileId, page: String(scan.page) })}
          alt={`招标文件第 ${scan.page} 页`}
          data-testid="review-passage-page"
        />
        {scan.boxes.map((b, i) => (
          <span
            key={i}
            ref={i === 0 ? boxRef : undefined}
            className="rv-scan__box"
            data-testid="review-passage-box"
            style={{
              left: pct(b.x0, scan.width),
              top: pct(b.y0, scan.height),
              width: pct(b.x1 - b.x0, scan.width),
              height: pct(b.y1 - b.y0, scan.height),
            }}
          />
        ))}
      </div>
    </figure>
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
  const box = useRef<HTMLSpanElement | null>(null);
  const p = q.data;
  useEffect(() => {
    if (!p) return;
    // On a scanned page the outlined lines come first; else the marked text.
    const t = setTimeout(() => (box.current ?? mark.current)?.scrollIntoView({ block: 'center' }), 60);
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
          {p.scan ? <ScanPage scan={p.scan} boxRef={box} /> : null}
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
