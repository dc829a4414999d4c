import { useUserPosts } from '../api/get-user-posts';
import { PostList } from './post-list';

/** The profile's posts tab: a member's own posts ('me' for the signed-in member), live like the feed (the shell listens for feed events). */
export function ProfilePosts({ userId = 'me' }: { userId?: number | 'me' }) {
  const posts = useUserPosts(userId);
  return <PostList query={posts} errorText={() => 'Could not load posts'} />;
}
