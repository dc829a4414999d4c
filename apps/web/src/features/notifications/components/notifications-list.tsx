import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { Notification } from '@tribeverse/shared';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { NotificationLink } from './notification-item';

/** How each state sits on the full page and in the bell's panel (narrower, centred, with room above and below). */
const LOOK = {
  page: { spinner: '', error: undefined, empty: 'text-slate-400', list: 'rounded-2xl border border-slate-800 bg-slate-900 p-2' },
  panel: { spinner: 'flex justify-center py-6', error: 'my-6', empty: 'py-6 text-center text-sm text-slate-400', list: '' },
};

/**
 * Notifications as the page and the bell's panel show them: loading, failed (with Retry), none yet, or the list,
 * followed by `footer` (more pages, or Mark all as read).
 */
export function NotificationsList({
  query,
  items,
  onFollow,
  look,
  footer,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  items: Notification[];
  onFollow: (n: Notification) => void;
  look: keyof typeof LOOK;
  footer?: ReactNode;
}) {
  const css = LOOK[look];
  if (query.isPending) {
    const spinner = <Spinner label="Loading notifications" />;
    return css.spinner ? <div className={css.spinner}>{spinner}</div> : spinner;
  }
  if (query.isError) {
    return (
      <ListError className={css.error} onRetry={() => void query.refetch()}>
        {errorMessage(query.error, 'Could not load notifications')}
      </ListError>
    );
  }
  if (!items.length) return <p className={css.empty}>No notifications yet.</p>;
  return (
    <>
      <ul aria-label="Notifications" className={clsx('flex flex-col gap-1', css.list)}>
        {items.map((n) => (
          <li key={n.id}>
            <NotificationLink n={n} onFollow={onFollow} />
          </li>
        ))}
      </ul>
      {footer}
    </>
  );
}
