import { useSyncExternalStore } from 'react';

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

export interface DialogRequest {
  title: string;
  message?: string;
  choices: DialogChoice<string>[];
  cancelLabel: string | null;
  resolve(value: string | null): void;
}

let queue: DialogRequest[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function ask(request: Omit<DialogRequest, 'resolve'>): Promise<string | null> {
  return new Promise((resolve) => {
    queue = [...queue, { ...request, resolve }];
    emit();
  });
}

export function answer(value: string | null) {
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

/** The request on screen, if any (the first in the queue). */
export const useCurrentDialog = () =>
  useSyncExternalStore(
    subscribe,
    () => queue[0],
    () => undefined,
  );
