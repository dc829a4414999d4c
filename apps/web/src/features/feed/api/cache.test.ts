import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post, PublicPost } from '@tribeverse/shared';
import { dropPost, flattenPages, insertPost, listShows, patchPost, toViewerPost, type PostPages } from './cache';
import { addToThread, type CommentPages } from './comments';
import { feedKeys } from './keys';

const post = (id: number, over: Partial<Post> = {}): Post => ({
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
const pages = (...lists: Post[][]): PostPages => ({
  pages: lists.map((posts, i) => ({ posts, next_cursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i ? `c${i - 1}` : null)),
});

describe('feed cache', () => {
  it('puts a live post first once, even when the author already added it', () => {
    const qc = new QueryClient();
    qc.setQueryData(feedKeys.feed({}), pages([post(2), post(1)]));
    insertPost(qc, post(3), 1);
    insertPost(qc, post(3), 1);
    expect(flattenPages(qc.getQueryData(feedKeys.feed({}))).map((p) => p.post_id)).toEqual([3, 2, 1]);
  });

  it('works out is_mine from the author of a broadcast post', () => {
    const { liked_by_me: _l, shared_by_me: _s, is_mine: _m, ...broadcast } = post(9);
    expect(toViewerPost(broadcast as PublicPost, 1).is_mine).toBe(true);
    expect(toViewerPost(broadcast as PublicPost, 2).is_mine).toBe(false);
  });

  it('adds a live post only to the lists that should show it', () => {
    expect(listShows(feedKeys.feed({ tag: 'cats' }), post(1, { hashtags: ['cats'] }), 5)).toBe(true);
    expect(listShows(feedKeys.feed({ tag: 'cats' }), post(1, { hashtags: ['dogs'] }), 5)).toBe(false);
    expect(listShows(feedKeys.feed({ author: 'ADA' }), post(1), 5)).toBe(true);
    expect(listShows(feedKeys.user('me'), post(1), 1)).toBe(true);
    expect(listShows(feedKeys.user(7), post(1), 1)).toBe(false);
  });

  it('patches counts in the post and where it is embedded in reposts, keeping the viewer flags of others', () => {
    const qc = new QueryClient();
    const original = post(1, { liked_by_me: true });
    const { liked_by_me: _l, shared_by_me: _s, is_mine: _m, shared_post: _sp, ...core } = original;
    qc.setQueryData(feedKeys.feed({}), pages([post(2, { shared_post: core }), original]));
    patchPost(qc, 1, { likes_count: 4 });
    const [repost, first] = flattenPages(qc.getQueryData(feedKeys.feed({})));
    expect(first).toMatchObject({ likes_count: 4, liked_by_me: true });
    expect(repost!.shared_post!.likes_count).toBe(4);
    expect(repost!.likes_count).toBe(0);
  });

  it('drops a deleted post and the reposts of it', () => {
    const qc = new QueryClient();
    const { liked_by_me: _l, shared_by_me: _s, is_mine: _m, shared_post: _sp, ...core } = post(1);
    qc.setQueryData(feedKeys.feed({}), pages([post(3), post(2, { shared_post: core })], [post(1)]));
    dropPost(qc, 1);
    expect(flattenPages(qc.getQueryData(feedKeys.feed({}))).map((p) => p.post_id)).toEqual([3]);
  });

  it("keeps each page's cursor when posts leave it, so the next page is still asked for", () => {
    const qc = new QueryClient();
    qc.setQueryData(feedKeys.feed({}), pages([post(3), post(2)], [post(1)]));
    dropPost(qc, 1);
    const data = qc.getQueryData<PostPages>(feedKeys.feed({}))!;
    expect(data.pages.map((p) => p.next_cursor)).toEqual(['c0', null]);
    expect(data.pages[1]!.posts).toEqual([]);
  });

  it('appends a comment to a thread read to its end, even when its last page is full, and not to one with more to load', () => {
    const comment = (id: number) => ({ id, post_id: 1, text: `c${id}`, created_at: '', author: { id: 1, username: 'ada', full_name: null, avatar: null } });
    const full = Array.from({ length: 20 }, (_, i) => comment(i + 1));
    const thread = (next_cursor: string | null): CommentPages => ({ pages: [{ comments: full, next_cursor }], pageParams: [null] });
    expect(addToThread(thread(null), comment(21))!.pages[0]!.comments.map((c) => c.id).at(-1)).toBe(21);
    expect(addToThread(thread('more'), comment(21))!.pages[0]!.comments).toHaveLength(20);
  });

  it('shows each post once when pages overlap after live inserts', () => {
    expect(flattenPages(pages([post(3), post(2)], [post(2), post(1)])).map((p) => p.post_id)).toEqual([3, 2, 1]);
  });
});
