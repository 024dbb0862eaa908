import type { ReactNode } from 'react';

/** Text with the [start, end) ranges marked (search hits). */
export function Highlighted({ text, ranges }: { text: string; ranges: Array<[number, number]> }) {
  const out: ReactNode[] = [];
  let at = 0;
  for (const [a, b] of ranges) {
    if (a < at || b > text.length) continue;
    if (a > at) out.push(text.slice(at, a));
    out.push(<mark key={a}>{text.slice(a, b)}</mark>);
    at = b;
  }
  out.push(text.slice(at));
  return <span className="bs-kb-text">{out}</span>;
}
