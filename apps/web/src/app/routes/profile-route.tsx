import { ProfileCommunities } from '../../features/communities/components/profile-communities';
import { ProfilePosts } from '../../features/feed/components/profile-posts';
import { ProfileStats } from '../../features/feed/components/profile-stats';
import { OwnFollowCounts } from '../../features/people/components/own-follow-counts';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { useAuth } from '../../lib/auth';

/**
 * The profile page with what other features know of the member: the feed's counts and posts, the people feature's
 * followers / following (with its modal) and community tabs.
 */
export function ProfileRoute() {
  const username = useAuth().user?.username;
  return (
    <ProfilePage
      stats={<ProfileStats />}
      posts={<ProfilePosts />}
      follow={username ? <OwnFollowCounts username={username} /> : null}
      renderCommunities={(kind, empty) => <ProfileCommunities kind={kind} empty={empty} />}
    />
  );
}
