import type { Post } from '@tribeverse/shared';

/** A feed post as the server sends it, for tests: by 'ada', no pictures, no counts, nothing of the viewer's. */
export const testPost = (id: number, over: Partial<Post> = {}): Post => ({
  _id: id,
  post_id: id,
  username: 'ada',
  post: `post ${id}`,
  images: [],
  thumbnails: [],
  date_post_created: new Date(2025, 0, id).toISOString(),
  edited_at: null,
  content_warning: null,
  hashtags: [],
  author: { id: 1, username: 'ada', full_name: null, avatar: null },
  likes_count: 0,
  comments_count: 0,
  shares_count: 0,
  shared_post: null,
  liked_by_me: false,
  shared_by_me: false,
  is_mine: false,
  ...over,
});
