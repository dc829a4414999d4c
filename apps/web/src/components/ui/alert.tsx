import clsx from 'clsx';
import type { ReactNode } from 'react';

/** An inline message announced to screen readers: errors in red, confirmations in green. */
export function Alert({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-lg px-3 py-2 text-sm',
        tone === 'error' && 'border border-red-500/40 bg-red-500/10 text-red-300',
        tone === 'success' && 'border border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
        tone === 'info' && 'border border-slate-600 bg-slate-800 text-slate-200',
        className,
      )}
    >
      {children}
    </p>
  );
}
