import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/format';
import { useRemoveMember } from '../api/remove-member';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateMember } from '../api/update-member';
import { displayName, type Community, type CommunityMember, type CommunityRole } from '../api/types';
import { formatDateTime } from '../../../lib/datetime';

export const RANK: Record<CommunityRole, number> = { owner: 4, admin: 3, moderator: 2, member: 1 };

const TIMEOUTS = [
  { label: '10 minutes', ms: 10 * 60_000 },
  { label: '1 hour', ms: 60 * 60_000 },
  { label: '1 day', ms: 24 * 60 * 60_000 },
  { label: '1 week', ms: 7 * 24 * 60 * 60_000 },
];

/** Whether the caller may act on this member at all: only on those ranked below them. */
export const canManage = (community: Community, member: CommunityMember) =>
  !!community.my_role &&
  RANK[community.my_role] > RANK[member.role] &&
  community.my_rights.some((r) => ['manage_roles', 'timeout_member', 'remove_member', 'ban_member', 'transfer_ownership'].includes(r));

/** Role (never owner: that is a hand-over), time-out, remove, ban and hand-over, each as the caller's rights allow. */
export function MemberActionsDialog({
  community,
  member,
  onClose,
}: {
  community: Community;
  member: CommunityMember;
  onClose: () => void;
}) {
  const update = useUpdateMember(community.id);
  const remove = useRemoveMember(community.id);
  const transfer = useTransferOwnership(community.id);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'remove' | 'ban' | 'transfer' | null>(null);
  const [password, setPassword] = useState('');
  const can = (r: Community['my_rights'][number]) => community.my_rights.includes(r);
  const myRank = RANK[community.my_role ?? 'member'];
  const name = displayName(member);
  const fail = (fallback: string) => (e: unknown) => setError(errorMessage(e, fallback));
  const done = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  const timedOut = member.timeout_until && Date.parse(member.timeout_until) > Date.now();

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Manage ${name}`}>
      <div className="flex flex-col gap-4">
        {can('manage_roles') && (
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            Role
            <select
              value={member.role}
              onChange={(e) =>
                update.mutate(
                  { userId: member.id, change: { role: e.target.value as CommunityRole } },
                  { onSuccess: done(`${name} is now ${e.target.value}`), onError: fail('Could not change the role') },
                )
              }
              className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3"
            >
              {(['admin', 'moderator', 'member'] as const)
                .filter((r) => RANK[r] <= myRank)
                .map((r) => (
                  <option key={r} value={r}>
                    {r[0]!.toUpperCase() + r.slice(1)}
                  </option>
                ))}
            </select>
          </label>
        )}
        {can('timeout_member') && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm text-slate-200">
              Time out (cannot write until then){timedOut && `: until ${formatDateTime(member.timeout_until!)}`}
            </legend>
            <div className="flex flex-wrap gap-2">
              {TIMEOUTS.map((t) => (
                <Button
                  key={t.label}
                  variant="secondary"
                  className="min-h-11"
                  onClick={() =>
                    update.mutate(
                      { userId: member.id, change: { timeout_until: new Date(Date.now() + t.ms).toISOString() } },
                      { onSuccess: done(`${name} is timed out for ${t.label}`), onError: fail('Could not time out') },
                    )
                  }
                >
                  {t.label}
                </Button>
              ))}
              {timedOut && (
                <Button
                  variant="ghost"
                  className="min-h-11"
                  onClick={() =>
                    update.mutate(
                      { userId: member.id, change: { timeout_until: null } },
                      { onSuccess: done('Time-out lifted'), onError: fail('Could not lift it') },
                    )
                  }
                >
                  Lift time-out
                </Button>
              )}
            </div>
          </fieldset>
        )}
        <div className="flex flex-wrap gap-2">
          {can('remove_member') && (
            <Button variant="secondary" className="min-h-11 text-red-300" onClick={() => setConfirm('remove')}>
              Remove from community
            </Button>
          )}
          {can('ban_member') && (
            <Button variant="danger" className="min-h-11" onClick={() => setConfirm('ban')}>
              Ban
            </Button>
          )}
          {can('transfer_ownership') && (
            <Button variant="secondary" className="min-h-11" onClick={() => setConfirm('transfer')}>
              Make owner
            </Button>
          )}
        </div>
        {confirm && (
          <div
            role="group"
            aria-label="Confirm"
            className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-950 p-3 text-sm"
          >
            <p>
              {confirm === 'remove' && `${name} loses access at once and may join again later.`}
              {confirm === 'ban' && `${name} loses access at once and cannot join or ask to join again.`}
              {confirm === 'transfer' && `${name} becomes the owner; you stay as an admin.`}
            </p>
            {confirm === 'transfer' && (
              <Field label="Your password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
            )}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" className="min-h-11" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                className="min-h-11"
                disabled={remove.isPending || transfer.isPending || (confirm === 'transfer' && !password)}
                onClick={() =>
                  confirm === 'transfer'
                    ? transfer.mutate(
                        { userId: member.id, password },
                        { onSuccess: done(`${name} is the owner now`), onError: fail('Could not hand over') },
                      )
                    : remove.mutate(
                        { userId: member.id, ban: confirm === 'ban' },
                        {
                          onSuccess: done(confirm === 'ban' ? `${name} is banned` : `${name} was removed`),
                          onError: fail('Could not remove'),
                        },
                      )
                }
              >
                {confirm === 'remove' ? 'Remove' : confirm === 'ban' ? 'Ban' : 'Make owner'}
              </Button>
            </div>
          </div>
        )}
        {error && <Alert>{error}</Alert>}
      </div>
    </Modal>
  );
}
