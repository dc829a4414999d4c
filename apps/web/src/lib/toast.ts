import type * as Toastify from 'react-toastify';
import type { ToastContent, ToastOptions } from 'react-toastify';
import { markToastsInUse } from './toast-use';

/*
 * The app's toasts (react-toastify), with its code fetched on the first toast rather than with the first page:
 * no screen needs it before it has something to say. The first call also mounts the container (<ToastHost/>);
 * toasts raised meanwhile wait in react-toastify's own queue and show, in order, once it is there.
 */
let library: Promise<typeof Toastify> | undefined;

const show =
  (kind: 'success' | 'error' | 'info') =>
  (content: ToastContent, options?: ToastOptions): void => {
    markToastsInUse();
    // A failed fetch (offline, or a new build replaced the file) is tried again by the next toast.
    library ??= import('react-toastify').catch((error: unknown) => {
      library = undefined;
      throw error;
    });
    library.then(({ toast }) => toast[kind](content, options)).catch(() => undefined);
  };

/** Takes down one toast (raised with `{ toastId }`) once what it said is no longer true; nothing to do before the first toast. */
const dismiss = (toastId: string): void => {
  library?.then(({ toast }) => toast.dismiss(toastId)).catch(() => undefined);
};

export const toast = { success: show('success'), error: show('error'), info: show('info'), dismiss };
