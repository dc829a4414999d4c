import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { ControlError, ControlFrame, controlBox, useControlIds } from './control';

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
  const { controlId, errorId, described } = useControlIds(id, error);
  return (
    <ControlFrame label={label} htmlFor={controlId} className={className}>
      <textarea
        ref={ref}
        id={controlId}
        maxLength={maxLength}
        {...described}
        className={controlBox(error, 'min-h-24 placeholder:text-slate-400')}
        {...props}
      />
      <div className="flex justify-between text-xs">
        {error ? <ControlError id={errorId}>{error}</ControlError> : <span />}
        {count !== undefined && maxLength !== undefined && (
          <span className={count >= maxLength ? 'text-amber-400' : 'text-slate-400'} data-testid="char-count">
            {count}/{maxLength}
          </span>
        )}
      </div>
    </ControlFrame>
  );
});
