import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Empty, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { DiffDocument, DiffPassage } from '@bid/shared';

interface Segment {
  text: string;
  /** Index of the passage this piece belongs to, or null for text not found in the other document. */
  pid: number | null;
}

/** The text cut at passage boundaries; overlapping passages keep the earlier one's piece. */
export function segmentsOf(
  text: string,
  ranges: Array<{ start: number; end: number; pid: number }>,
): Segment[] {
  const sorted = [...ranges].sort((x, y) => x.start - y.start);
  const out: Segment[] = [];
  let pos = 0;
  for (const r of sorted) {
    const start = Math.max(r.start, pos);
    if (r.end <= start) continue;
    if (start > pos) out.push({ text: text.slice(pos, start), pid: null });
    out.push({ text: text.slice(start, r.end), pid: r.pid });
    pos = r.end;
  }
  if (pos < text.length) out.push({ text: text.slice(pos), pid: null });
  return out;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;

function Pane({
  doc,
  segments,
  side,
  active,
  passages,
  onPick,
  paneRef,
}: {
  doc: DiffDocument;
  segments: Segment[];
  side: 'a' | 'b';
  active: number | null;
  passages: DiffPassage[];
  onPick(pid: number, from: 'a' | 'b'): void;
  paneRef: React.RefObject<HTMLDivElement | null>;
}) {
  return (
    <div className="diff-pane">
      <div className="diff-pane__head">
        <Typography.Text strong>
          {doc.key}：{doc.name}
        </Typography.Text>
      </div>
      <div className="diff-pane__text" ref={paneRef} data-testid={`diff-pane-${side}`}>
        {segments.map((s, i) =>
          s.pid === null ? (
            <span key={i}>{s.text}</span>
          ) : (
            <mark
              key={i}
              data-pid={s.pid}
              className={[
                'diff-mark',
                passages[s.pid].similarity >= 0.95 ? 'diff-mark--same' : 'diff-mark--near',
                active === s.pid ? 'diff-mark--active' : '',
              ].join(' ')}
              title={`相似度 ${pct(passages[s.pid].similarity)}，点击定位到另一份文件`}
              onClick={() => onPick(s.pid!, side)}
            >
              {s.text}
            </mark>
          ),
        )}
      </div>
    </div>
  );
}

/** Scrolls a pane so that the passage's first highlight sits in its middle. */
function reveal(pane: HTMLDivElement | null, pid: number) {
  const el = pane?.querySelector<HTMLElement>(`[data-pid="${pid}"]`);
  if (!pane || !el) return;
  // The pane is positioned, so offsetTop is measured from its top.
  const top = Math.max(0, el.offsetTop - pane.clientHeight / 3);
  // Older engines (and jsdom) have no Element.scrollTo.
  if (typeof pane.scrollTo === 'function') pane.scrollTo({ top, behavior: 'smooth' });
  else pane.scrollTop = top;
}

/**
 * Two documents side by side with the passages they share highlighted on both sides; a click on a
 * highlight scrolls the other side to its counterpart, and the bar steps through the passages.
 */
export function SideBySide({
  a,
  b,
  passages,
}: {
  a: DiffDocument;
  b: DiffDocument;
  passages: DiffPassage[];
}) {
  const [active, setActive] = useState<number | null>(null);
  const paneA = useRef<HTMLDivElement>(null);
  const paneB = useRef<HTMLDivElement>(null);
  const segA = useMemo(
    () =>
      segmentsOf(
        a.text,
        passages.map((p, pid) => ({ start: p.a.start, end: p.a.end, pid })),
      ),
    [a.text, passages],
  );
  const segB = useMemo(
    () =>
      segmentsOf(
        b.text,
        passages.map((p, pid) => ({ start: p.b.start, end: p.b.end, pid })),
      ),
    [b.text, passages],
  );

  const pick = useCallback((pid: number, from: 'a' | 'b') => {
    setActive(pid);
    reveal(from === 'a' ? paneB.current : paneA.current, pid);
  }, []);
  const step = (delta: number) => {
    const next = active === null ? 0 : (active + delta + passages.length) % passages.length;
    setActive(next);
    reveal(paneA.current, next);
    reveal(paneB.current, next);
  };

  if (!passages.length)
    return (
      <Empty
        className="bs-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="这两份文件之间没有发现相似段落。"
      />
    );
  return (
    <div className="diff-sbs">
      <div className="diff-sbs__bar">
        <Typography.Text>
          共 {passages.length} 处相似段落
          {active !== null
            ? `，第 ${active + 1} 处（相似度 ${pct(passages[active].similarity)}）`
            : '，点击高亮处可定位到另一份文件'}
        </Typography.Text>
        <Space>
          <span className="diff-legend diff-mark diff-mark--same">相同</span>
          <span className="diff-legend diff-mark diff-mark--near">相近</span>
          <Button size="small" icon={<LeftOutlined />} onClick={() => step(-1)}>
            上一处
          </Button>
          <Button size="small" onClick={() => step(1)}>
            下一处 <RightOutlined />
          </Button>
        </Space>
      </div>
      <div className="diff-sbs__panes">
        <Pane
          doc={a}
          segments={segA}
          side="a"
          active={active}
          passages={passages}
          onPick={pick}
          paneRef={paneA}
        />
        <Pane
          doc={b}
          segments={segB}
          side="b"
          active={active}
          passages={passages}
          onPick={pick}
          paneRef={paneB}
        />
      </div>
    </div>
  );
}
