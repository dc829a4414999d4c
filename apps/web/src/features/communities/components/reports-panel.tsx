import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ChoiceSelect, type Choice } from '../../../components/ui/choice-select';
import { errorMessage } from '../../../lib/format';
import { useReports, type ReportStatus } from '../api/get-reports';
import { useResolveReport } from '../api/resolve-report';
import { displayName } from '../api/types';
import { formatDateTime } from '../../../lib/datetime';
import { ListStates } from './list-states';

const STATUSES: Array<Choice<ReportStatus>> = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
];

/** The admins' and moderators' queue: open reports first; resolve or dismiss, each recorded in the audit log. */
export function ReportsPanel({ communityId }: { communityId: number }) {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(communityId, status);
  const resolve = useResolveReport(communityId);
  const list = reports.data?.pages.flatMap((p) => p.reports) ?? [];
  const decide = (reportId: number, decision: 'resolved' | 'dismissed') =>
    resolve.mutate(
      { reportId, status: decision },
      { onError: (e) => toast.error(errorMessage(e, decision === 'resolved' ? 'Could not resolve' : 'Could not dismiss')) },
    );
  return (
    <section className="flex flex-col gap-3" aria-labelledby="reports-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reports-title" className="text-lg font-semibold">
          Reports
        </h2>
        <label className="text-sm">
          <span className="sr-only">Show</span>
          <ChoiceSelect choices={STATUSES} value={status} onChange={setStatus} className="px-3" />
        </label>
      </div>
      <ListStates
        query={reports}
        loading="Loading reports"
        failed="Could not load the reports"
        count={list.length}
        empty={<p className="text-slate-400">No {status} reports.</p>}
      >
        <ul className="flex flex-col gap-2" aria-label="Reports">
          {list.map((r) => (
            <li
              key={r.id}
              data-testid="report-row"
              className="flex flex-col gap-2 rounded-lg border border-slate-800 bg-slate-900 p-3 text-sm"
            >
              <p>
                <span className="font-medium">{displayName(r.reporter)}</span> reported{' '}
                <span className="inline-flex items-center gap-1 font-medium">
                  {r.reported_user && <Avatar src={r.reported_user.avatar} name={displayName(r.reported_user)} size={20} />}
                  {r.reported_user ? displayName(r.reported_user) : 'a member'}
                </span>{' '}
                · {formatDateTime(r.created_at)}
              </p>
              <p className="text-slate-200">Reason: {r.reason}</p>
              {r.message && (
                <blockquote className="border-l-2 border-slate-600 pl-2 text-slate-300">
                  {r.message.deleted ? 'Message deleted' : r.message.text || 'Attachment'}
                </blockquote>
              )}
              {r.status === 'open' ? (
                <div className="flex gap-2">
                  <Button className="min-h-11" disabled={resolve.isPending} onClick={() => decide(r.id, 'resolved')}>
                    Mark resolved
                  </Button>
                  <Button variant="secondary" className="min-h-11" disabled={resolve.isPending} onClick={() => decide(r.id, 'dismissed')}>
                    Dismiss
                  </Button>
                </div>
              ) : (
                <p className="text-xs text-slate-400">
                  {r.status} by {r.resolved_by ? displayName(r.resolved_by) : 'an admin'}
                  {r.resolved_at && ` · ${formatDateTime(r.resolved_at)}`}
                </p>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
      {reports.hasNextPage && (
        <Button variant="secondary" className="min-h-11 self-center" onClick={() => void reports.fetchNextPage()}>
          Load more
        </Button>
      )}
    </section>
  );
}
