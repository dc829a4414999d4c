import { ProfilePosts } from '../../features/feed/components/profile-posts';
import { MemberProfilePage } from '../../features/people/components/member-profile-page';

/** /u/:username: any member's public profile, with their posts from the feed feature. */
export function MemberProfileRoute() {
  return <MemberProfilePage renderPosts={(userId) => <ProfilePosts userId={userId} />} />;
}
