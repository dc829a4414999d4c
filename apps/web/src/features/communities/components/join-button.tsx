import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { useJoinCommunity } from '../api/join-community';
import { useLeaveCommunity } from '../api/leave-community';
import type { Community } from '../api/types';

/**
 * Join (public), Request to join (private), Requested (may be withdrawn), Accept or Decline an invitation (even to a
 * private community, no request needed), or nothing for members and the banned.
 */
export function JoinButton({ community, className }: { community: Community; className?: string }) {
  const join = useJoinCommunity(community.id);
  const withdraw = useLeaveCommunity(community.id);
  const onError = (error: unknown) => toast.error(errorMessage(error, 'Could not join'));
  if (community.my_status === 'member') return null;
  if (community.my_status === 'banned') return <span className="text-sm text-red-300">You are banned from this community</span>;
  if (community.my_status === 'requested') {
    return (
      <Button
        variant="secondary"
        className={className}
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutate(undefined, { onError })}
        aria-label={`Requested: withdraw your request to join ${community.name}`}
      >
        Requested
      </Button>
    );
  }
  if (community.my_status === 'invited') {
    return (
      <div role="group" aria-label={`Invitation to join ${community.name}`} className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-300">You are invited</span>
        <Button className={className} disabled={join.isPending} onClick={() => join.mutate(undefined, { onError })}>
          {join.isPending ? 'Joining…' : 'Accept'}
        </Button>
        <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate(undefined, { onError })}>
          Decline
        </Button>
      </div>
    );
  }
  const label = community.visibility === 'private' ? 'Request to join' : 'Join';
  return (
    <Button
      className={className}
      disabled={join.isPending}
      onClick={() => join.mutate(undefined, { onError })}
      aria-label={`${label} ${community.name}`}
    >
      {join.isPending ? 'Joining…' : label}
    </Button>
  );
}
