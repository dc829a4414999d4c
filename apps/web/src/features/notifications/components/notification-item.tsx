import { Link } from 'react-router';
import type { Notification } from '@tribeverse/shared';
import { useAuth } from '../../../lib/auth';
import { describeNotification, notificationHref } from './notification-target';
import { formatDateTime } from '../../../lib/datetime';

/** A notification as a link to what it is about; unread ones stand out (and say so to screen readers). */
export function NotificationLink({ n, onFollow }: { n: Notification; onFollow: (n: Notification) => void }) {
  const { user } = useAuth();
  return (
    <Link
      to={notificationHref(n, user)}
      onClick={() => onFollow(n)}
      className="flex min-h-11 items-start gap-3 rounded-lg px-3 py-2 hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
    >
      <span aria-hidden className={n.read ? 'mt-2 h-2 w-2 shrink-0' : 'mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-500'} />
      <span className="min-w-0 flex-1">
        <span className={n.read ? 'block text-sm text-slate-300' : 'block text-sm font-semibold text-slate-50'}>
          {describeNotification(n)}
          {!n.read && <span className="sr-only"> (unread)</span>}
        </span>
        {n.preview && <span className="block truncate text-sm text-slate-400">“{n.preview}”</span>}
        <span className="block text-xs text-slate-400">{formatDateTime(n.created_at)}</span>
      </span>
    </Link>
  );
}
