import * as Dialog from '@radix-ui/react-dialog';
import { answer, useCurrentDialog } from './app-dialog-store';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

/** The dialog itself (Radix, for focus trapping and screen readers); loaded the first time something asks. */
export function AppDialogView() {
  const current = useCurrentDialog();
  // Focus goes back to what had it when the dialog opened (the button that asked).
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={!!current} onOpenChange={(open) => !open && answer(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        {current && (
          <Dialog.Content
            role="alertdialog"
            // Without a message there is nothing to describe it (Radix would warn about a missing description).
            {...(current.message ? {} : { 'aria-describedby': undefined })}
            {...returnFocus}
            className="fixed top-1/2 left-1/2 z-[70] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-700 bg-slate-900 p-5 shadow-xl"
          >
            <Dialog.Title className="text-lg font-semibold">{current.title}</Dialog.Title>
            {current.message && <Dialog.Description className="mt-2 text-sm text-slate-300">{current.message}</Dialog.Description>}
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {current.cancelLabel && (
                <Button variant="secondary" className="min-h-11" onClick={() => answer(null)}>
                  {current.cancelLabel}
                </Button>
              )}
              {current.choices.map((choice) => (
                <Button key={choice.value} variant={choice.tone ?? 'primary'} className="min-h-11" onClick={() => answer(choice.value)}>
                  {choice.label}
                </Button>
              ))}
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
