import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { useBans } from '../api/get-bans';
import { useLiftBan } from '../api/lift-ban';
import { displayName } from '../api/types';

/** Banned members, for those who may ban: lifting a ban lets them join or ask again. */
export function BansList({ communityId }: { communityId: number }) {
  const bans = useBans(communityId, true);
  const lift = useLiftBan(communityId);
  if (!bans.data?.length) return null;
  return (
    <section aria-labelledby="bans-title" className="mt-4 flex flex-col gap-2">
      <h2 id="bans-title" className="text-lg font-semibold">
        Banned
      </h2>
      <ul className="flex flex-col gap-2" aria-label="Banned members">
        {bans.data.map((u) => (
          <li key={u.id} className="flex items-center gap-3 rounded-lg border border-slate-800 p-2">
            <Avatar src={u.avatar} name={displayName(u)} size={36} />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{displayName(u)}</span>
              <span className="text-xs text-slate-400">since {new Date(u.banned_at).toLocaleDateString()}</span>
            </span>
            <Button
              variant="secondary"
              className="min-h-11"
              disabled={lift.isPending}
              aria-label={`Lift the ban of ${displayName(u)}`}
              onClick={() => lift.mutate(u.id, { onError: (e) => toast.error(errorMessage(e, 'Could not lift the ban')) })}
            >
              Lift ban
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
