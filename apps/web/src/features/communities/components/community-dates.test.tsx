import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommunityEvent, DiscussionThread, MediaPost } from '@tribeverse/shared';
import { noRetryClient, renderInApp } from '../../../test-render';
import { aCommunity } from '../test-fixtures';
import { BansList } from './bans-list';
import { DiscussionTab } from './discussion-tab';
import { EventsTab } from './events-tab';
import { InvitePage } from './invite-page';
import { MediaTab } from './media-tab';

// The dates on a community's pages, each written by the app's one formatter in the member's locale (lib/datetime).
const bob = { id: 2, name: 'Bob Ray', username: 'bob', avatar: null };
const evening = new Date(2026, 0, 5, 19, 57).toISOString();
const answer = (body: unknown) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(body));

beforeEach(() => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']));
afterEach(() => vi.restoreAllMocks());

describe("a community's dates in the member's locale", () => {
  it('an event says when it starts', async () => {
    const event: CommunityEvent = {
      id: 1,
      community_id: 5,
      kind: 'video',
      title: 'Saturday hike',
      description: '',
      link: null,
      starts_at: evening,
      host: bob,
      going_count: 0,
      going: false,
      attendees_preview: [],
      created_at: evening,
    };
    answer({ events: [event], next_cursor: null });
    renderInApp(<EventsTab community={aCommunity()} />, noRetryClient());
    const list = await screen.findByRole('list', { name: 'Events' });
    expect(within(list).getByText('5 Jan 2026, 19:57')).toBeVisible();
  });

  it('a discussion and a media post say the day they were started', async () => {
    const thread: DiscussionThread = {
      id: 1,
      community_id: 5,
      title: 'Routes',
      body: '',
      image: null,
      starter: bob,
      reply_count: 0,
      last_reply_at: null,
      created_at: evening,
    };
    answer({ threads: [thread], next_cursor: null });
    const first = renderInApp(<DiscussionTab community={aCommunity()} />, noRetryClient());
    expect(await screen.findByRole('list', { name: 'Discussions' })).toHaveTextContent('Started by Bob Ray · 5 Jan 2026');
    first.unmount();
    vi.mocked(fetch).mockRestore();

    const post: MediaPost = {
      id: 1,
      community_id: 5,
      text: 'View',
      images: [],
      author: bob,
      likes: 0,
      shares: 0,
      liked_by_me: false,
      created_at: evening,
    };
    answer({ posts: [post], next_cursor: null });
    renderInApp(<MediaTab community={aCommunity()} />, noRetryClient());
    const posts = await screen.findByRole('list', { name: 'Media posts' });
    expect(within(posts).getByText('5 Jan 2026')).toBeVisible();
  });

  it('a banned member says since when, for those who may lift the ban', async () => {
    answer({ bans: [{ ...bob, banned_at: evening }] });
    renderInApp(<BansList communityId={5} />, noRetryClient());
    expect(await screen.findByRole('list', { name: 'Banned members' })).toHaveTextContent('since 5 Jan 2026');
  });

  it('an invite link says until when it works', async () => {
    answer({ community: aCommunity({ my_status: null }), expires_at: evening });
    const router = createMemoryRouter([{ path: '/invite/:code', element: <InvitePage /> }], { initialEntries: ['/invite/abc'] });
    renderInApp(<RouterProvider router={router} />, noRetryClient());
    expect(await screen.findByText(/link valid until 5 Jan 2026, 19:57$/)).toBeVisible();
  });
});
