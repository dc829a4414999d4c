import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/format';
import { useBans } from '../api/get-bans';
import { useLiftBan } from '../api/lift-ban';
import { PersonActionList } from './person-action-list';
import { formatDate } from '../../../lib/datetime';

/** Banned members, for those who may ban: lifting a ban lets them join or ask again. */
export function BansList({ communityId }: { communityId: number }) {
  const bans = useBans(communityId, true);
  const lift = useLiftBan(communityId);
  if (!bans.data?.length) return null;
  return (
    <PersonActionList
      id="bans-title"
      title="Banned"
      label="Banned members"
      className="mt-4"
      people={bans.data}
      note={(u) => `since ${formatDate(u.banned_at)}`}
      action={{
        text: 'Lift ban',
        label: (name) => `Lift the ban of ${name}`,
        pending: lift.isPending,
        run: (u) => lift.mutate(u.id, { onError: (e) => toast.error(errorMessage(e, 'Could not lift the ban')) }),
      }}
    />
  );
}
