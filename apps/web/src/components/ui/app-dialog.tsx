import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnce } from '../../lib/use-once';
import { useCurrentDialog } from './app-dialog-store';

export { appAlert, appChoose, appConfirm, type DialogChoice } from './app-dialog-store';

const AppDialogView = lazyNamed(() => import('./app-dialog-view'), 'AppDialogView');

/**
 * Mounted once in the providers. The dialog's code (Radix with its focus trap) is fetched with the first question
 * asked, not with the first page; once there, it stays mounted so that later questions open at once.
 */
export function AppDialogHost() {
  const needed = useOnce(!!useCurrentDialog());
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppDialogView />
    </Suspense>
  );
}
