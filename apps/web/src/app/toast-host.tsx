import { Suspense, useSyncExternalStore } from 'react';
import { LIMITS } from '@tribeverse/shared';
import { lazyNamed } from '../lib/lazy-named';
import { onToastsInUse, toastsInUse } from '../lib/toast-use';

const ToastContainer = lazyNamed(() => import('react-toastify'), 'ToastContainer');

/** The toast container, mounted once a screen that can toast has loaded (src/lib/toast.ts). */
export function ToastHost() {
  const inUse = useSyncExternalStore(onToastsInUse, toastsInUse, toastsInUse);
  if (!inUse) return null;
  return (
    <Suspense fallback={null}>
      {/* At most three at once, the newest first: a burst of errors must not cover the page. */}
      <ToastContainer position="top-center" autoClose={LIMITS.toastMs} theme="dark" limit={3} newestOnTop />
    </Suspense>
  );
}
