import type { ReactNode } from 'react';

/** Text with the [start, end) ranges the server found marked; ranges are trusted to be in order. */
export function Highlighted({ text, ranges }: { text: string; ranges: Array<[number, number]> }) {
  const out: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}
