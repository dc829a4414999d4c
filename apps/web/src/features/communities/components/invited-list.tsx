import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { useInvited } from '../api/get-invited';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { displayName } from '../api/types';

/** People invited by name who have not answered yet, for those who may invite: an invitation can be withdrawn. */
export function InvitedList({ communityId }: { communityId: number }) {
  const invited = useInvited(communityId);
  const withdraw = useWithdrawInvitation(communityId);
  if (!invited.data?.length) return null;
  return (
    <section aria-labelledby="invited-title" className="flex flex-col gap-2">
      <h2 id="invited-title" className="text-lg font-semibold">
        Invited, not answered yet
      </h2>
      <ul className="flex flex-col gap-2" aria-label="Invited members">
        {invited.data.map((u) => (
          <li key={u.id} className="flex items-center gap-3 rounded-lg border border-slate-800 p-2">
            <Avatar src={u.avatar} name={displayName(u)} size={36} />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{displayName(u)}</span>
              <span className="text-xs text-slate-400">invited {new Date(u.invited_at).toLocaleDateString()}</span>
            </span>
            <Button
              variant="secondary"
              className="min-h-11"
              disabled={withdraw.isPending}
              aria-label={`Withdraw the invitation of ${displayName(u)}`}
              onClick={() =>
                withdraw.mutate(u.id, {
                  onSuccess: () => toast.success(`The invitation of ${displayName(u)} is withdrawn.`),
                  onError: (e) => toast.error(errorMessage(e, 'Could not withdraw the invitation')),
                })
              }
            >
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
