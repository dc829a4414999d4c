import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/format';
import { useInvited } from '../api/get-invited';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { displayName } from '../api/types';
import { PersonActionList } from './person-action-list';
import { formatDate } from '../../../lib/datetime';

/** People invited by name who have not answered yet, for those who may invite: an invitation can be withdrawn. */
export function InvitedList({ communityId }: { communityId: number }) {
  const invited = useInvited(communityId);
  const withdraw = useWithdrawInvitation(communityId);
  if (!invited.data?.length) return null;
  return (
    <PersonActionList
      id="invited-title"
      title="Invited, not answered yet"
      label="Invited members"
      people={invited.data}
      note={(u) => `invited ${formatDate(u.invited_at)}`}
      action={{
        text: 'Withdraw',
        label: (name) => `Withdraw the invitation of ${name}`,
        pending: withdraw.isPending,
        run: (u) =>
          withdraw.mutate(u.id, {
            onSuccess: () => toast.success(`The invitation of ${displayName(u)} is withdrawn.`),
            onError: (e) => toast.error(errorMessage(e, 'Could not withdraw the invitation')),
          }),
      }}
    />
  );
}
