/**
 * A snippet with its matched words in <mark>: the server sends plain text and `[start, end)` offsets, never markup,
 * so what a member wrote is only ever text here. Offsets out of order, overlapping or past the end are tolerated.
 */
export function Highlighted({ text, highlights }: { text: string; highlights: ReadonlyArray<readonly [number, number]> }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(
      <mark key={from} className="rounded-sm bg-amber-200 px-0.5 text-slate-950">
        {text.slice(from, to)}
      </mark>,
    );
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
