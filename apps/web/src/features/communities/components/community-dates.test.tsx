import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, CommunityEvent, CommunityReport, DiscussionThread, MediaPost } from '@tribeverse/shared';
import { noRetryClient, renderInApp, renderRoutes } from '../../../test-render';
import { aCommunity } from '../test-fixtures';
import { AuditPanel } from './audit-panel';
import { BansList } from './bans-list';
import { DiscussionTab } from './discussion-tab';
import { EventsTab } from './events-tab';
import { InvitePage } from './invite-page';
import { MediaTab } from './media-tab';
import { ReportsPanel } from './reports-panel';

// The dates on a community's pages, each written by the app's one formatter in the member's locale (lib/datetime).
const ann = { id: 1, name: 'Ann Lee', username: 'ann', avatar: null };
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
    renderRoutes([{ path: '/invite/:code', element: <InvitePage /> }], '/invite/abc');
    expect(await screen.findByText(/link valid until 5 Jan 2026, 19:57$/)).toBeVisible();
  });

  it('the audit log says when each action happened, and until when a time-out runs', async () => {
    const entry: AuditEntry = {
      id: 3,
      action: 'member.timeout',
      actor: ann,
      target_user: bob,
      details: { timeout_until: new Date(2026, 0, 6, 8, 5).toISOString() },
      created_at: evening,
    };
    const row = (await listOf(<AuditPanel communityId={4} />, { entries: [entry], next_cursor: null }, 'Audit log')).querySelector('li')!;
    expect(row).toHaveTextContent('Ann Lee timed out Bob Ray until 6 Jan 2026, 08:05');
    expect(within(row).getByText('5 Jan 2026, 19:57').tagName).toBe('TIME');
  });

  it("a report says when it was made, the US way in the US ('Jan 5, 2026, 7:57 PM')", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const report: CommunityReport = {
      id: 8,
      community_id: 4,
      reason: 'spam',
      status: 'open',
      reporter: ann,
      reported_user: bob,
      message: null,
      created_at: evening,
      resolved_by: null,
      resolved_at: null,
    };
    const list = await listOf(<ReportsPanel communityId={4} />, { reports: [report], next_cursor: null }, 'Reports');
    // Intl puts a narrow no-break space before 'PM'.
    expect(within(list).getByTestId('report-row').textContent!.replace(/\s/g, ' ')).toContain('Bob Ray · Jan 5, 2026, 7:57 PM');
  });
});
