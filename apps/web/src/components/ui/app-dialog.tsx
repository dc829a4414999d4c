import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useSyncExternalStore } from 'react';
import { Button } from './button';

/**
 * The app's own alert / confirm / choice dialogs, instead of the browser's native ones (which block the page, look
 * foreign on every system and cannot be styled or tested). Callable from anywhere, React or not: each call queues
 * a request and resolves when the member answers; <AppDialogHost/> (mounted once in the providers) shows them in
 * turn. Escape or a click outside answers 'cancel' (null / false).
 */
export interface DialogChoice<T extends string> {
  value: T;
  label: string;
  tone?: 'primary' | 'danger' | 'secondary';
}

interface Request {
  title: string;
  message?: string;
  choices: DialogChoice<string>[];
  cancelLabel: string | null;
  resolve(value: string | null): void;
}

let queue: Request[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function ask(request: Omit<Request, 'resolve'>): Promise<string | null> {
  return new Promise((resolve) => {
    queue = [...queue, { ...request, resolve }];
    emit();
  });
}

function answer(value: string | null) {
  const [current, ...rest] = queue;
  if (!current) return;
  queue = rest;
  emit();
  current.resolve(value);
}

/** An information the member must see (the spec's "alert"): one OK button. */
export async function appAlert(message: string, title = 'Notice'): Promise<void> {
  await ask({ title, message, choices: [{ value: 'ok', label: 'OK' }], cancelLabel: null });
}

/** A yes/no question; true only when the member picks the confirm button. */
export async function appConfirm(options: { title: string; message?: string; confirmLabel: string; danger?: boolean }): Promise<boolean> {
  const picked = await ask({
    title: options.title,
    message: options.message,
    choices: [{ value: 'yes', label: options.confirmLabel, tone: options.danger ? 'danger' : 'primary' }],
    cancelLabel: 'Cancel',
  });
  return picked === 'yes';
}

/** Several ways to go on (e.g. 'Delete for me' / 'Delete for everyone'); null when cancelled. */
export async function appChoose<T extends string>(options: { title: string; message?: string; choices: DialogChoice<T>[] }) {
  return (await ask({ ...options, cancelLabel: 'Cancel' })) as T | null;
}

export function AppDialogHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => queue[0],
    () => undefined,
  );
  // Focus goes back to what had it when the dialog opened (the button that asked), as the Modal does.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={!!current} onOpenChange={(open) => !open && answer(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        {current && (
          <Dialog.Content
            role="alertdialog"
            // Without a message there is nothing to describe it (Radix would warn about a missing description).
            {...(current.message ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={() => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
              opener.current = null;
            }}
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
