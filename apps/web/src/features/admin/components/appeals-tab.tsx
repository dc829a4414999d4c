import { useState } from 'react';
import type { AdminAppeal } from '@tribeverse/shared';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/datetime';
import { useAdminAppeals, useDecideAppeal, type AppealStatus } from '../api/appeals';
import { CaseCard, Decision, QueueList } from './admin-queue';
import { memberName } from './names';
import { ReportedContent } from './reported-content';

const ACTION_WORDS = { remove_content: 'Removal', suspend: 'Suspension' } as const;

/** Members' appeals: open ones to decide (accepting reverses the action), or the decided ones with the outcome. */
export function AppealsTab() {
  const [status, setStatus] = useState<AppealStatus>('open');
  const appeals = useAdminAppeals(status);
  const list = appeals.data?.pages.flatMap((p) => p.appeals) ?? [];
  return (
    <section aria-label="Appeals" className="flex flex-col gap-3">
      <Select label="Show" value={status} onChange={(e) => setStatus(e.target.value as AppealStatus)} className="max-w-48">
        <option value="open">Open appeals</option>
        <option value="decided">Decided appeals</option>
      </Select>
      <QueueList query={appeals} items={list} what="appeals" empty={status === 'open' ? 'No open appeals.' : 'No decided appeals yet.'}>
        {(items) => items.map((a) => <AppealCard key={a.id} appeal={a} />)}
      </QueueList>
      <LoadMore query={appeals} label="More appeals" loadingLabel="Loading appeals…" />
    </section>
  );
}

function AppealCard({ appeal }: { appeal: AdminAppeal }) {
  const decide = useDecideAppeal();
  const who = memberName(appeal.user);
  return (
    <CaseCard label={`Appeal ${appeal.id}`} title={`${ACTION_WORDS[appeal.action]} · ${who}`} at={appeal.created_at}>
      <p className="text-sm text-slate-300">
        Decided {formatDateTime(appeal.action_at)}
        {appeal.reason ? `, because: ${appeal.reason}` : ''}
      </p>
      {appeal.content && <ReportedContent content={appeal.content} markedId={0} />}
      <blockquote className="rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-100">
        <span className="block text-xs text-slate-400">{who} appeals:</span>
        {appeal.text}
      </blockquote>
      {appeal.status === 'open' ? (
        <div className="flex flex-col gap-2 border-t border-slate-800 pt-3">
          <Decision
            noteLabel="Note to the member (optional)"
            yes="Accept and reverse"
            no="Reject"
            noVariant="secondary"
            mutation={decide}
            vars={(accept, note) => ({ id: appeal.id, accept, ...(note ? { note } : {}) })}
            done={(accept) =>
              accept ? `Accepted: the ${appeal.action === 'suspend' ? 'suspension is lifted' : 'content is back'}.` : 'Rejected.'
            }
            failed="Could not decide the appeal."
          />
        </div>
      ) : (
        <p className="border-t border-slate-800 pt-3 text-sm text-slate-300">
          {appeal.status === 'accepted' ? 'Accepted' : 'Rejected'} by {memberName(appeal.decided_by)}
          {appeal.decided_at && ` · ${formatDateTime(appeal.decided_at)}`}
          {appeal.decision_note && <span className="block text-slate-400">Note: {appeal.decision_note}</span>}
        </p>
      )}
    </CaseCard>
  );
}
