import { useState } from 'react';
import { Link } from 'react-router';
import type { InstanceReport } from '@tribeverse/shared';
import { reasonLabel } from '../../../components/report/report-reasons';
import { appConfirm } from '../../../components/ui/app-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRestrict } from '../api/members';
import { useResolveReport } from '../api/reports';
import { CaseCard } from './admin-queue';
import { KIND_WORDS, memberName } from './names';
import { ReportedContent } from './reported-content';
import { RestrictDialog, RESTRICTIONS, type Restriction, type RestrictInput } from './restrict-dialog';

// Every action the server may have taken, by name: one it adds later reads 'Resolved' until it has words here.
const OUTCOME_WORDS: Record<string, string | undefined> = {
  dismiss: 'Dismissed',
  remove_content: 'Content removed',
  warn: 'Member warned',
  silence: 'Member silenced',
  suspend: 'Member suspended',
};
const outcome = (action: string | null) => (action && OUTCOME_WORDS[action]) || 'Resolved';

function Person({ user }: { user: InstanceReport['reporter'] }) {
  const name = memberName(user);
  return user?.username ? (
    <Link to={paths.people.profile.getHref(user.username)} className="font-semibold text-slate-100 underline-offset-2 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="font-semibold text-slate-100">{name}</span>
  );
}

/**
 * One report of the queue: what was reported in its context, who reported whom and why, the earlier reports about
 * the same member, and, while open, the actions (each one ends up in the audit log).
 */
export function ReportCard({ report }: { report: InstanceReport }) {
  const resolve = useResolveReport();
  const restrict = useRestrict();
  const [note, setNote] = useState('');
  const [restricting, setRestricting] = useState<Restriction | null>(null);
  const about = report.reported_user;
  const removable = report.target.kind === 'post' || report.target.kind === 'comment';

  const act = (action: 'dismiss' | 'remove_content', done: string) =>
    resolve.mutate(
      { id: report.id, action, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => toast.success(done), onError: (e) => toast.error(errorMessage(e, 'Could not resolve the report.')) },
    );

  const removeContent = async () => {
    const what = KIND_WORDS[report.target.kind].toLowerCase();
    if (
      !(await appConfirm({
        title: `Remove this ${what}?`,
        message: 'It is removed for everyone; its author is told why.',
        confirmLabel: 'Remove',
        danger: true,
      }))
    )
      return;
    act('remove_content', `The ${what} is removed.`);
  };

  // The queue's warn, silence and suspend take the reason as their note; an end, when given, is then set on the
  // silence or suspension the queue made (the resolve call takes none).
  const resolveWith = async (kind: Restriction, { reason, until }: RestrictInput) => {
    await resolve.mutateAsync({ id: report.id, action: kind, note: reason });
    if (until && about && kind !== 'warn') await restrict.mutateAsync({ userId: about.id, kind, reason, until });
    toast.success(`${RESTRICTIONS[kind].done}: ${memberName(about)}.`);
  };

  return (
    <CaseCard
      label={`Report ${report.id}`}
      title={`${KIND_WORDS[report.target.kind]} · ${reasonLabel(report.reason)}`}
      at={report.created_at}
    >
      <p className="text-sm text-slate-300">
        <Person user={report.reporter} /> reported <Person user={about} />
      </p>
      {report.note && <p className="text-sm text-slate-300">Reporter's note: {report.note}</p>}
      <ReportedContent content={report.content} markedId={report.target.id} />
      <section aria-label="Earlier reports about this member" className="text-sm">
        <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Earlier reports about this member</h4>
        {report.earlier_reports.length ? (
          <ul className="mt-1 flex flex-col gap-0.5 text-slate-300">
            {report.earlier_reports.map((e) => (
              <li key={e.id}>
                {reasonLabel(e.reason)} · {e.status === 'open' ? 'Open' : outcome(e.action)} · {formatDateTime(e.created_at)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-400">None.</p>
        )}
      </section>
      {report.status === 'open' ? (
        <div className="flex flex-col gap-2 border-t border-slate-800 pt-3">
          <Field label="Note to the reporter (optional)" value={note} onChange={(e) => setNote(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className="min-h-11"
              disabled={resolve.isPending}
              onClick={() => act('dismiss', 'The report is dismissed.')}
            >
              Dismiss
            </Button>
            {removable && (
              <Button
                variant="secondary"
                className="min-h-11 text-red-300"
                disabled={resolve.isPending}
                onClick={() => void removeContent()}
              >
                Remove content
              </Button>
            )}
            {about &&
              (['warn', 'silence', 'suspend'] as const).map((kind) => (
                <Button
                  key={kind}
                  variant={kind === 'suspend' ? 'danger' : 'secondary'}
                  className="min-h-11"
                  disabled={resolve.isPending}
                  onClick={() => setRestricting(kind)}
                >
                  {RESTRICTIONS[kind].verb}…
                </Button>
              ))}
          </div>
          <RestrictDialog kind={restricting} name={memberName(about)} onClose={() => setRestricting(null)} onDone={resolveWith} />
        </div>
      ) : (
        <p className="border-t border-slate-800 pt-3 text-sm text-slate-300">
          {outcome(report.action)} by <Person user={report.resolved_by} />
          {report.resolved_at && ` · ${formatDateTime(report.resolved_at)}`}
          {report.resolution_note && <span className="block text-slate-400">Note: {report.resolution_note}</span>}
        </p>
      )}
    </CaseCard>
  );
}
