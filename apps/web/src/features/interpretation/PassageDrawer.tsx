import { useEffect, useRef } from 'react';
import { Drawer, Typography } from 'antd';
import type { SourceSpan } from '@bid/shared';

export interface Passage {
  /** What was clicked (shown as the drawer's title). */
  title: string;
  span: SourceSpan;
}

/**
 * The tender's text in a side drawer with one passage highlighted and scrolled into view: where an
 * item of the report was read from.
 */
export function PassageDrawer({
  text,
  passage,
  onClose,
}: {
  text: string;
  passage: Passage | null;
  onClose: () => void;
}) {
  const mark = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!passage) return;
    // After the drawer has laid out its body: the mark exists and can be centred.
    const t = setTimeout(() => mark.current?.scrollIntoView({ block: 'center' }), 60);
    return () => clearTimeout(t);
  }, [passage]);

  const span = passage?.span;
  return (
    <Drawer
      open={Boolean(passage)}
      onClose={onClose}
      size={600}
      title={
        passage
          ? `原文：${passage.title.length > 40 ? `${passage.title.slice(0, 40)}…` : passage.title}`
          : '原文'
      }
      destroyOnHidden
      data-testid="passage-drawer"
    >
      {span ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            位于招标文件第 {(span.start + 1).toLocaleString('zh-CN')} 字处（共{' '}
            {text.length.toLocaleString('zh-CN')} 字），高亮部分为该项的出处。
          </Typography.Paragraph>
          <div className="ip-passage" data-testid="passage-text">
            {text.slice(0, span.start)}
            <mark ref={mark} className="ip-passage__mark" data-testid="passage-highlight">
              {text.slice(span.start, span.end)}
            </mark>
            {text.slice(span.end)}
          </div>
        </>
      ) : null}
    </Drawer>
  );
}
