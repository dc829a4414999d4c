import { useState } from 'react';
import { Link } from 'react-router';
import { AppealDialog, type AppealSubject } from '../../../components/report/appeal-dialog';
import type { Notification } from '@tribeverse/shared';
import { useAuth } from '../../../lib/auth';
import { describeNotification, notificationHref } from './notification-target';
import { formatDateTime } from '../../../lib/datetime';

/** A notification as a link to what it is about; unread ones stand out (and say so to screen readers). */
export function NotificationLink({ n, onFollow }: { n: Notification; onFollow: (n: Notification) => void }) {
  const { user } = useAuth();
  const link = (
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
  // A removal can be appealed, once: the button sits beside the link (a control inside a link would be unreachable).
  if (n.kind !== 'content_removed' || n.payload.action_id === undefined) return link;
  return (
    <div className="flex items-start gap-1">
      <div className="min-w-0 flex-1">{link}</div>
      <AppealButton actionId={n.payload.action_id} what={n.payload.target_kind} />
    </div>
  );
}

function AppealButton({ actionId, what }: { actionId: number; what: string }) {
  const [subject, setSubject] = useState<AppealSubject | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setSubject({ kind: 'action', actionId, what })}
        className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium text-brand-400 hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        Appeal
      </button>
      <AppealDialog subject={subject} onClose={() => setSubject(null)} />
    </>
  );
}
