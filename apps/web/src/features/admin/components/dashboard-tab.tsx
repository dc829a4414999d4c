import { useState } from 'react';
import type { AdminStatsDay } from '@tribeverse/shared';
import clsx from 'clsx';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminStats } from '../api/stats';
import { DayChart, type Summary } from './day-chart';

const PERIODS = [7, 30, 90] as const;

const SERIES: ReadonlyArray<{ key: Exclude<keyof AdminStatsDay, 'date'>; label: string; summary: Summary; shape: 'bar' | 'line' }> = [
  { key: 'signups', label: 'Sign-ups', summary: 'total', shape: 'bar' },
  { key: 'active_members', label: 'Active members', summary: 'average', shape: 'line' },
  { key: 'messages', label: 'Messages', summary: 'total', shape: 'bar' },
  { key: 'posts', label: 'Posts', summary: 'total', shape: 'bar' },
  { key: 'open_reports', label: 'Open reports', summary: 'latest', shape: 'line' },
];

/** How the instance is doing, day by day: one small plot per figure, over the last week, month or quarter. */
export function DashboardTab() {
  const [days, setDays] = useState<number>(30);
  const stats = useAdminStats(days);
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Period" className="flex gap-1 self-start rounded-lg border border-slate-800 p-1">
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={p === days}
            onClick={() => setDays(p)}
            className={clsx(
              'min-h-11 rounded-md px-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400',
              p === days ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800',
            )}
          >
            {p} days
          </button>
        ))}
      </div>
      {stats.isPending ? (
        <Spinner label="Loading figures" />
      ) : stats.isError ? (
        <ListError onRetry={() => void stats.refetch()}>Could not load the figures.</ListError>
      ) : (
        <div className={clsx('grid gap-3 sm:grid-cols-2', stats.isPlaceholderData && 'opacity-60')} aria-busy={stats.isPlaceholderData}>
          {SERIES.map((s) => (
            <DayChart
              key={s.key}
              label={s.label}
              summary={s.summary}
              shape={s.shape}
              points={stats.data.days.map((d) => ({ date: d.date, value: d[s.key] }))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
