import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
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

/** Shows `ui` with the server answering `body`; the list named `name` once it has loaded. */
function listOf(ui: ReactElement, body: unknown, name: string) {
  answer(body);
  renderInApp(ui, noRetryClient());
  return screen.findByRole('list', { name });
}

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
    const list = await listOf(<EventsTab community={aCommunity()} />, { events: [event], next_cursor: null }, 'Events');
    expect(within(list).getByText('5 Jan 2026, 19:57')).toBeVisible();
  });

  it('a discussion says the day it was started', async () => {
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
    const list = await listOf(<DiscussionTab community={aCommunity()} />, { threads: [thread], next_cursor: null }, 'Discussions');
    expect(list).toHaveTextContent('Started by Bob Ray · 5 Jan 2026');
  });

  it('a media post says the day it was posted', async () => {
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
    const list = await listOf(<MediaTab community={aCommunity()} />, { posts: [post], next_cursor: null }, 'Media posts');
    expect(within(list).getByText('5 Jan 2026')).toBeVisible();
  });

  it('a banned member says since when, for those who may lift the ban', async () => {
    const list = await listOf(<BansList communityId={5} />, { bans: [{ ...bob, banned_at: evening }] }, 'Banned members');
    expect(list).toHaveTextContent('since 5 Jan 2026');
  });

  it('an invite link says until when it works', async () => {
    answer({ community: aCommunity({ my_status: null }), expires_at: evening });
    const router = createMemoryRouter([{ path: '/invite/:code', element: <InvitePage /> }], { initialEntries: ['/invite/abc'] });
    renderInApp(<RouterProvider router={router} />, noRetryClient());
    expect(await screen.findByText(/link valid until 5 Jan 2026, 19:57$/)).toBeVisible();
  });
});
