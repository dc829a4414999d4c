import clsx from 'clsx';
import { DialogFrame, type DialogFrameProps } from './dialog-frame';

/** Accessible dialog in the middle of the screen: focus trap, Escape and click outside close it. */
export function Modal({ className, ...props }: DialogFrameProps & { className?: string }) {
  return (
    <DialogFrame
      {...props}
      className={clsx(
        'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,36rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-700 bg-slate-900 p-5 shadow-xl',
        className,
      )}
      headerClassName="mb-4 flex items-center justify-between"
      closeClassName="rounded p-1 text-slate-400 hover:bg-slate-800 hover:text-slate-50"
    />
  );
}
