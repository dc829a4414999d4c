import clsx from 'clsx';
import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
}

/** A labelled native select (keyboard and screen-reader behaviour for free), with its error under it. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, error, className, id, children, ...props }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={clsx(
          'w-full rounded-lg border bg-slate-900 px-3 py-2 text-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-400',
          error ? 'border-red-500' : 'border-slate-700',
        )}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${selectId}-error`} role="alert" className="text-xs text-red-400">
          {error}
        </p>
      )}
    </div>
  );
});
