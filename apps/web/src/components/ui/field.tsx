import clsx from 'clsx';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ControlError, ControlFrame, controlBox, useControlIds } from './control';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Adds a show/hide toggle for passwords. */
  revealable?: boolean;
}

/** A labelled input with its error under it, announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, revealable, type, className, id, ...props },
  ref,
) {
  const { controlId, errorId, hintId, described } = useControlIds(id, error, hint);
  const [shown, setShown] = useState(false);
  return (
    <ControlFrame label={label} htmlFor={controlId} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={controlId}
          type={revealable ? (shown ? 'text' : 'password') : type}
          {...described}
          className={controlBox(error, clsx('min-h-11 placeholder:text-slate-400', revealable && 'pr-16'))}
          {...props}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            className="absolute inset-y-0 right-0 my-auto flex min-h-11 items-center rounded px-3 text-xs text-slate-300 hover:bg-slate-800"
            aria-label={shown ? 'Hide password' : 'Show password'}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error && <ControlError id={errorId}>{error}</ControlError>}
    </ControlFrame>
  );
});
