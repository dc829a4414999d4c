import { useId } from 'react';
import { memberLocales } from '../../../lib/locale';

export interface DayValue {
  /** YYYY-MM-DD (UTC). */
  date: string;
  value: number;
}

/** How a series adds up: counts per day sum, a number of people per day averages, a backlog is read at its end. */
export type Summary = 'total' | 'average' | 'latest';

const W = 300;
const H = 80;
/** Room under the peak and over the baseline, so a line at 0 or at the top is not cut by the frame. */
const PAD = 3;

/** '3 Nov' / 'Nov 3': the stats' days are UTC dates, so they are written in UTC, not moved a day by the local zone. */
export const formatDay = (date: string) =>
  new Intl.DateTimeFormat(memberLocales() as string[] | undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

function headline(points: DayValue[], summary: Summary): { figure: number; words: string } {
  const sum = points.reduce((n, p) => n + p.value, 0);
  if (summary === 'total') return { figure: sum, words: `${sum} in all` };
  if (summary === 'latest') {
    const last = points.at(-1)?.value ?? 0;
    return { figure: last, words: `${last} now` };
  }
  const average = points.length ? Math.round((sum / points.length) * 10) / 10 : 0;
  return { figure: average, words: `${average} a day on average` };
}

/** "Sign-ups, last 30 days: 42 in all, most on 3 Nov (7)": what the plot shows, for those who cannot see it. */
export function describeSeries(label: string, points: DayValue[], summary: Summary): string {
  const peak = points.reduce<DayValue | null>((best, p) => (!best || p.value > best.value ? p : best), null);
  const most = peak && peak.value > 0 ? `, most on ${formatDay(peak.date)} (${peak.value})` : '';
  return `${label}, last ${points.length} days: ${headline(points, summary).words}${most}`;
}

/**
 * One series a day as a small plot: bars for things counted per day, a line for a level (people active, reports
 * waiting). Drawn in currentColor so the theme picks it (brand-400 is 7:1 on the card in dark and 6:1 in light,
 * past the 3:1 graphics need), named by its summary, with the numbers in a table only screen readers get.
 */
export function DayChart({
  label,
  points,
  summary,
  shape,
}: {
  label: string;
  points: DayValue[];
  summary: Summary;
  shape: 'bar' | 'line';
}) {
  const id = useId();
  const description = describeSeries(label, points, summary);
  const max = Math.max(1, ...points.map((p) => p.value));
  const n = Math.max(1, points.length);
  const y = (v: number) => H - PAD - (v / max) * (H - 2 * PAD);
  const slot = W / n;
  const x = (i: number) => slot * i + slot / 2;
  return (
    <figure className="flex flex-col gap-2 rounded-xl border border-slate-800 bg-slate-900 p-3">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-200">{label}</span>
        <span className="text-lg font-semibold text-slate-100" aria-hidden="true">
          {headline(points, summary).figure}
        </span>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-20 w-full text-brand-400"
      >
        <title id={`${id}-title`}>{description}</title>
        <line x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} className="stroke-slate-500" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {shape === 'bar' ? (
          points.map((p, i) => (
            <rect
              key={p.date}
              data-testid="bar"
              x={slot * i + slot * 0.15}
              width={slot * 0.7}
              y={y(p.value)}
              height={H - PAD - y(p.value)}
              className="fill-current"
            />
          ))
        ) : (
          <polyline
            points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
            fill="none"
            className="stroke-current"
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      {points.length > 0 && (
        <div className="flex justify-between text-xs text-slate-400" aria-hidden="true">
          <span>{formatDay(points[0]!.date)}</span>
          <span>{formatDay(points.at(-1)!.date)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{label}, per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{label}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{formatDay(p.date)}</th>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
