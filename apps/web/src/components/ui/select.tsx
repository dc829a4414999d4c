import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ControlError, ControlFrame, controlBox, useControlIds } from './control';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
}

/** A labelled native select (keyboard and screen-reader behaviour for free), with its error under it. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, error, className, id, children, ...props }, ref) {
  const { controlId, errorId, described } = useControlIds(id, error);
  return (
    <ControlFrame label={label} htmlFor={controlId} className={className}>
      <select ref={ref} id={controlId} {...described} className={controlBox(error)} {...props}>
        {children}
      </select>
      {error && <ControlError id={errorId}>{error}</ControlError>}
    </ControlFrame>
  );
});
