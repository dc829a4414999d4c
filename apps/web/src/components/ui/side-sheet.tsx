import { DialogFrame, type DialogFrameProps } from './dialog-frame';

/**
 * A panel sliding in from the right (full width on a phone): focus trap, Escape and a click outside close it, and
 * focus goes back to the button that opened it.
 */
export function SideSheet(props: Omit<DialogFrameProps, 'onCloseAutoFocus'>) {
  return (
    <DialogFrame
      {...props}
      className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-4 overflow-y-auto border-l border-slate-700 bg-slate-900 p-5 shadow-xl"
      headerClassName="flex items-center justify-between"
      closeClassName="inline-flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-slate-50"
    />
  );
}
