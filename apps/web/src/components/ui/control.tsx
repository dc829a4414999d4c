import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

/**
 * The ids that tie a labelled form control to its label and to the error or hint under it; `described` goes on the
 * control (invalid while there is an error, described by the error, else by the hint).
 */
export function useControlIds(id: string | undefined, error: string | undefined, hint?: ReactNode) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : hint ? hintId : undefined,
  } as const;
  return { controlId, errorId, hintId, described };
}

/** The box of a text input, select or text area: red-edged while it has an error. */
export const controlBox = (error: string | undefined, extra?: string) =>
  clsx(
    'w-full rounded-lg border bg-slate-900 px-3 py-2 text-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-400',
    extra,
    error ? 'border-red-500' : 'border-slate-700',
  );

/** A form control's column: its label, then the control and whatever goes under it. */
export function ControlFrame({
  label,
  htmlFor,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The error under a form control, announced to screen readers. */
export function ControlError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-xs text-red-400">
      {children}
    </p>
  );
}
