import clsx from 'clsx';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, className, id, ...props }, ref) {
  const autoId = useId();
  const boxId = id ?? autoId;
  return (
    <div className={clsx('flex items-start gap-2', className)}>
      <input ref={ref} id={boxId} type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" {...props} />
      <label htmlFor={boxId} className="text-sm text-slate-300">
        {label}
      </label>
    </div>
  );
});
