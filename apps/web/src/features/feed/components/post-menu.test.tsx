import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post, User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { callLines, serveFetch } from '../../../test-fetch';
import { renderInApp } from '../../../test-render';

/** The cards ask for their posts' polls once, as they first show. */
const notPolls = (line: string) => !line.startsWith('GET /api/polls');
import { flattenPages, type PostPages } from '../api/cache';
import { FeedEventsBridge } from '../api/feed-events';
import { useFeed } from '../api/get-feed';
import { feedKeys } from '../api/keys';
import { testPost } from '../api/test-posts';
import { PostList } from './post-list';

afterEach(() => vi.restoreAllMocks());

const ann = { id: 1, username: 'ann', full_name: 'Ann', avatar: null };
const bob = { id: 2, username: 'bob', full_name: 'Bob', avatar: null };
const cy = { id: 3, username: 'cy', full_name: 'Cy', avatar: null };
const by = (author: typeof ann, id: number, over: Partial<Post> = {}) =>
  testPost(id, { author, username: author.username, is_mine: author === ann, ...over });

const bobsPost = by(bob, 1, { post: 'bob writes' });
const { shared_post: _none, is_mine: _mine, ...bobsAsOriginal } = bobsPost;
/** The feed as the server last sent it: Bob's post, Cy's share of it, Cy's own post and Ann's. */
const feed = [by(ann, 4), by(cy, 3), by(cy, 2, { shared_post: bobsAsOriginal }), bobsPost];
const page = (posts: Post[]): PostPages => ({ pages: [{ posts, next_cursor: null }], pageParams: [null] });

function Feed() {
  return <PostList query={useFeed({})} memberMenus />;
}

/** Ann's feed and Bob's page in the cache, shown by the feed page's list; the server answers only the menu's calls. */
function renderFeed() {
  storeSession('token', { id: 1, email: 'ann@example.com', username: 'ann', full_name: 'Ann' } as User);
  const calls = serveFetch({
    '/api/users/2/mute': [[200, { muted: true }]],
    '/api/chat/blocks/2': [[200, { user_id: 2, blocked: true }]],
  });
  // Nothing is read again by itself here: whatever leaves the list, the cache itself lost.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(feedKeys.feed({}), page(feed));
  client.setQueryData(feedKeys.user(2), page([bobsPost]));
  renderInApp(
    <MemoryRouter>
      <FeedEventsBridge />
      <Feed />
    </MemoryRouter>,
    client,
  );
  const shown = (key: readonly unknown[]) => flattenPages(client.getQueryData<PostPages>(key)).map((p) => p.post_id);
  return { calls, shown };
}

const postBy = (name: string) => screen.getAllByRole('article', { name: `Post by ${name}` });

describe("the '⋯' menu on the feed's posts", () => {
  it("is on others' posts, not on the member's own", async () => {
    renderFeed();
    expect(within(postBy('bob')[0]!).getByRole('button', { name: 'More for bob' })).toBeInTheDocument();
    expect(within(postBy('cy')[0]!).getByRole('button', { name: 'More for cy' })).toBeInTheDocument();
    expect(within(postBy('ann')[0]!).queryByRole('button', { name: /More for/ })).toBeNull();
  });

  it("muting the author takes their posts and others' shares of them out of the cached feed at once", async () => {
    const { calls, shown } = renderFeed();
    await userEvent.click(within(postBy('bob')[0]!).getByRole('button', { name: 'More for bob' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute bob' }));

    await waitFor(() => expect(screen.queryAllByRole('article', { name: 'Post by bob' })).toEqual([]));
    expect(shown(feedKeys.feed({}))).toEqual([4, 3]);
    // Bob's own page still lists his post (a mute spares it, as on Mastodon); nothing was read again.
    expect(shown(feedKeys.user(2))).toEqual([1]);
    expect(callLines(calls).filter(notPolls)).toEqual(['PUT /api/users/2/mute']);
  });

  it('blocking the author, after the question, takes them out of every list', async () => {
    const { calls, shown } = renderFeed();
    await userEvent.click(within(postBy('bob')[0]!).getByRole('button', { name: 'More for bob' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block bob' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));

    await waitFor(() => expect(shown(feedKeys.feed({}))).toEqual([4, 3]));
    expect(shown(feedKeys.user(2))).toEqual([]);
    expect(callLines(calls).filter(notPolls)).toEqual(['POST /api/chat/blocks/2']);
  });
});
