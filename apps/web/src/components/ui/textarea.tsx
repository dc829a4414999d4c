import clsx from 'clsx';
import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** Shows 'used/max' under the box. */
  count?: number;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, count, maxLength, className, id, ...props },
  ref,
) {
  const autoId = useId();
  const areaId = id ?? autoId;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={areaId} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${areaId}-error` : undefined}
        className={clsx(
          'min-h-24 w-full rounded-lg border bg-slate-900 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400',
          error ? 'border-red-500' : 'border-slate-700',
        )}
        {...props}
      />
      <div className="flex justify-between text-xs">
        {error ? (
          <p id={`${areaId}-error`} role="alert" className="text-red-400">
            {error}
          </p>
        ) : (
          <span />
        )}
        {count !== undefined && maxLength !== undefined && (
          <span className={count >= maxLength ? 'text-amber-400' : 'text-slate-400'} data-testid="char-count">
            {count}/{maxLength}
          </span>
        )}
      </div>
    </div>
  );
});
