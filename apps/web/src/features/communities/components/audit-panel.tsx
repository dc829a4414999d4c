import type { AuditAction } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useAudit } from '../api/get-audit';
import { displayName, type AuditEntry } from '../api/types';
import { formatDateTime } from '../../../lib/datetime';

const VERB: Record<AuditAction, string> = {
  'community.create': 'created the community',
  'community.update': 'edited the community',
  'community.transfer': 'handed ownership to',
  'member.approve': 'approved',
  'member.decline': 'declined',
  'member.role': 'changed the role of',
  'member.timeout': 'timed out',
  'member.remove': 'removed',
  'member.ban': 'banned',
  'member.unban': 'lifted the ban of',
  'member.invite': 'invited',
  'member.uninvite': 'withdrew the invitation of',
  'message.remove': 'removed a message by',
  'invite.create': 'created an invite link',
  'invite.revoke': 'revoked an invite link',
  'report.resolve': 'closed a report',
  'thread.remove': 'removed a discussion by',
  'post.remove': 'removed a media post by',
  'event.remove': 'removed an event by',
};

const detailText = (e: AuditEntry) => {
  const d = e.details;
  if (typeof d.role === 'string') return ` to ${d.role}`;
  if ('timeout_until' in d) return d.timeout_until ? ` until ${formatDateTime(String(d.timeout_until))}` : ' (lifted)';
  if (typeof d.status === 'string') return ` (${d.status})`;
  return '';
};

/** Who did what and when: every moderation action, newest first, for those with read_audit. */
export function AuditPanel({ communityId }: { communityId: number }) {
  const audit = useAudit(communityId);
  if (audit.isPending) return <Spinner label="Loading the audit log" />;
  if (audit.isError) return <p className="text-red-300">{errorMessage(audit.error, 'Could not load the audit log')}</p>;
  const entries = audit.data.pages.flatMap((p) => p.entries);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-lg font-semibold">
        Audit log
      </h2>
      {!entries.length && <p className="text-slate-400">Nothing recorded yet.</p>}
      <ol className="flex flex-col gap-1 text-sm" aria-label="Audit log">
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-800 px-3 py-2">
            <span className="font-medium">{displayName(e.actor)}</span> {VERB[e.action]}
            {e.target_user && <span className="font-medium"> {displayName(e.target_user)}</span>}
            {detailText(e)}
            <time className="block text-xs text-slate-400" dateTime={e.created_at}>
              {formatDateTime(e.created_at)}
            </time>
          </li>
        ))}
      </ol>
      {audit.hasNextPage && (
        <Button variant="secondary" className="min-h-11 self-center" onClick={() => void audit.fetchNextPage()}>
          Load more
        </Button>
      )}
    </section>
  );
}
