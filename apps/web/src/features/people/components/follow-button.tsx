import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { useFollowActions } from '../api/follow';

/** Follow, Follow back (they follow me) or Unfollow, for one member. */
export function FollowButton({
  userId,
  name,
  isFollowing,
  followsMe,
  className,
}: {
  userId: number;
  name: string;
  isFollowing: boolean;
  followsMe: boolean;
  className?: string;
}) {
  const { follow, unfollow } = useFollowActions();
  const busy = follow.isPending || unfollow.isPending;
  const onError = (error: unknown) => toast.error(errorMessage(error, 'Could not change the follow. Try again.'));
  if (isFollowing)
    return (
      <Button
        variant="secondary"
        className={className}
        disabled={busy}
        onClick={() => unfollow.mutate(userId, { onError })}
        aria-label={`Unfollow ${name}`}
      >
        Unfollow
      </Button>
    );
  return (
    <Button
      className={className}
      disabled={busy}
      onClick={() => follow.mutate(userId, { onError })}
      aria-label={`${followsMe ? 'Follow back' : 'Follow'} ${name}`}
    >
      {followsMe ? 'Follow back' : 'Follow'}
    </Button>
  );
}
