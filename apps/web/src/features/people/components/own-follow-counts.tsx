import { useProfile } from '../api/get-profile';
import { FollowCounts } from './follow-counts';

/** The signed-in member's followers / following on their own profile, with the modal's Remove, Message, Follow back, Unfollow. */
export function OwnFollowCounts({ username }: { username: string }) {
  const profile = useProfile(username);
  if (!profile.data) return null;
  const p = profile.data;
  return <FollowCounts userId={p.id} followers={p.followers_count} following={p.following_count} ownList />;
}
