import type { AdminAuditEntry } from '@tribeverse/shared';
import { ListError } from '../../../components/ui/list-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/datetime';
import { useAdminAudit } from '../api/audit';
import { memberName } from './names';

// By name rather than by the shared list's type: an action added on the server reads as its name until it has words here.
const ACTION_WORDS: Record<string, string | undefined> = {
  'moderator.appoint': 'made a moderator',
  'moderator.dismiss': 'removed as moderator',
  'report.dismiss': 'dismissed a report about',
  'report.remove_content': 'removed content by',
  'report.warn': 'warned, on a report,',
  'report.silence': 'silenced, on a report,',
  'report.suspend': 'suspended, on a report,',
  'user.suspend': 'suspended',
  'user.unsuspend': 'lifted the suspension of',
  'user.silence': 'silenced',
  'user.unsilence': 'lifted the silence of',
  'settings.update': 'changed the instance settings',
  'registration.approve': 'approved the sign-up of',
  'registration.decline': 'declined the sign-up of',
  'invite.create': 'made an invite link',
};

function Line({ entry }: { entry: AdminAuditEntry }) {
  const until = typeof entry.details.until === 'string' ? entry.details.until : null;
  return (
    <li className="flex flex-col gap-0.5 rounded-xl border border-slate-800 bg-slate-900 p-3 text-sm">
      <p className="text-slate-200">
        <span className="font-semibold text-slate-100">{memberName(entry.actor)}</span> {ACTION_WORDS[entry.action] ?? entry.action}
        {entry.target_user && <span className="font-semibold text-slate-100"> {memberName(entry.target_user)}</span>}
        {until && ` until ${formatDateTime(until)}`}
      </p>
      {entry.reason && <p className="text-slate-300">Why: {entry.reason}</p>}
      <time dateTime={entry.created_at} className="text-xs text-slate-400">
        {formatDateTime(entry.created_at)}
      </time>
    </li>
  );
}

/** Every action taken in the admin area: who, what, to whom, why and when, newest first. */
export function AuditTab() {
  const audit = useAdminAudit();
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-label="Audit log" className="flex flex-col gap-2">
      {audit.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : audit.isError ? (
        <ListError onRetry={() => void audit.refetch()}>Could not load the audit log.</ListError>
      ) : !entries.length ? (
        <p className="text-slate-400">Nothing has been done here yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {entries.map((e) => (
            <Line key={e.id} entry={e} />
          ))}
        </ol>
      )}
      <LoadMore query={audit} label="Older entries" loadingLabel="Loading…" />
    </section>
  );
}
