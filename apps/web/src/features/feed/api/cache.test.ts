import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post, PublicPost } from '@tribeverse/shared';
import { actionTarget, dropPost, flattenPages, insertPost, knownFlags, listShows, patchPost, toViewerPost, type PostPages } from './cache';
import { addToThread, type CommentPages } from './comments';
import { feedKeys } from './keys';
import { testPost } from './test-posts';

const post = testPost;
/** A post as embedded in a repost: its public fields and my flags. */
const embedded = (p: Post) => {
  const { is_mine: _m, shared_post: _sp, ...rest } = p;
  return rest;
};
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

  it('patches counts and my flags in the post and where it is embedded in reposts, leaving the repost itself alone', () => {
    const qc = new QueryClient();
    const original = post(1, { liked_by_me: true });
    qc.setQueryData(feedKeys.feed({}), pages([post(2, { shared_post: embedded(original) }), original]));
    patchPost(qc, 1, { likes_count: 4 });
    const [firstRepost, first] = flattenPages(qc.getQueryData(feedKeys.feed({})));
    let repost = firstRepost;
    expect(first).toMatchObject({ likes_count: 4, liked_by_me: true });
    expect(repost!.shared_post).toMatchObject({ likes_count: 4, liked_by_me: true });
    expect(repost!.likes_count).toBe(0);
    // Deleting my repost elsewhere: the original is no longer shared by me, on its own card and inside reposts.
    patchPost(qc, 1, { shares_count: 0 }, { shared_by_me: false, liked_by_me: false });
    [repost] = flattenPages(qc.getQueryData(feedKeys.feed({})));
    expect(repost!.shared_post).toMatchObject({ shared_by_me: false, liked_by_me: false, shares_count: 0 });
    expect(repost).toMatchObject({ liked_by_me: false, shared_by_me: false });
  });

  it("acts on a repost's original, and keeps what I know of the original when another repost of it arrives live", () => {
    const qc = new QueryClient();
    const original = post(1, { liked_by_me: true, shared_by_me: true, likes_count: 3 });
    const mine = post(2, { shared_post: embedded(original) });
    expect(actionTarget(mine)).toBe(mine.shared_post);
    expect(actionTarget(original)).toBe(original);
    qc.setQueryData(feedKeys.feed({}), pages([original]));
    const {
      liked_by_me: _l,
      shared_by_me: _s,
      is_mine: _m,
      ...broadcast
    } = post(5, { author: { id: 9, username: 'bo', full_name: null, avatar: null }, shared_post: embedded(original) });
    const arrived = toViewerPost(broadcast as PublicPost, 1, knownFlags(qc, 1));
    expect(arrived.shared_post).toMatchObject({ liked_by_me: true, shared_by_me: true, likes_count: 3 });
    expect(toViewerPost(broadcast as PublicPost, 1).shared_post).toMatchObject({ liked_by_me: false, shared_by_me: false });
  });

  it('drops a deleted post and the reposts of it', () => {
    const qc = new QueryClient();
    qc.setQueryData(feedKeys.feed({}), pages([post(3), post(2, { shared_post: embedded(post(1)) })], [post(1)]));
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
    const comment = (id: number) => ({
      id,
      post_id: 1,
      text: `c${id}`,
      created_at: '',
      author: { id: 1, username: 'ada', full_name: null, avatar: null },
    });
    const full = Array.from({ length: 20 }, (_, i) => comment(i + 1));
    const thread = (next_cursor: string | null): CommentPages => ({ pages: [{ comments: full, next_cursor }], pageParams: [null] });
    expect(
      addToThread(thread(null), comment(21))!
        .pages[0]!.comments.map((c) => c.id)
        .at(-1),
    ).toBe(21);
    expect(addToThread(thread('more'), comment(21))!.pages[0]!.comments).toHaveLength(20);
  });

  it('shows each post once when pages overlap after live inserts', () => {
    expect(flattenPages(pages([post(3), post(2)], [post(2), post(1)])).map((p) => p.post_id)).toEqual([3, 2, 1]);
  });
});
