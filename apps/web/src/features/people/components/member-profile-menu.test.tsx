import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile, User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { noRetryClient, renderInApp } from '../../../test-render';
import { useFollowEvents } from '../hooks/use-follow-events';
import { MemberProfilePage } from './member-profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const bob: PublicProfile = {
  id: 2,
  username: 'bob',
  name: 'Bob',
  avatar: null,
  bio: 'gardener',
  education: null,
  workspace: null,
  relationship: null,
  portfolio: null,
  interests: [],
  followers_count: 3,
  following_count: 4,
  likes_count: 5,
  posts_count: 6,
  is_me: false,
  is_following: false,
  follows_me: false,
  can_message: true,
  is_muted: false,
  is_blocked: false,
  created_at: '2025-01-01T00:00:00.000Z',
};
/** Bob as the server shows him to the member who blocked him: who he is, nothing more. */
const blockedBob: PublicProfile = {
  ...bob,
  bio: null,
  followers_count: 0,
  following_count: 0,
  likes_count: 0,
  posts_count: 0,
  can_message: false,
  is_blocked: true,
};

function Page() {
  useFollowEvents();
  return <MemberProfilePage renderPosts={() => <p>Bob&apos;s posts</p>} />;
}

/** Ann opens Bob's page; `profiles` are the answers to successive reads of it. */
function renderProfile(...profiles: PublicProfile[]) {
  storeSession('token', { id: 1, email: 'ann@example.com', username: 'ann', full_name: 'Ann' } as User);
  const calls: string[] = [];
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/users/bob') return Response.json(profiles[Math.min(reads++, profiles.length - 1)]);
      if (url === '/api/users/2/mute') return Response.json({ muted: init?.method === 'PUT' });
      if (url === '/api/chat/blocks/2') return Response.json({ user_id: 2, blocked: init?.method === 'POST' });
      return Response.json({ code: 'NOT_FOUND', msg: 'Not found' }, { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: '/u/:username', element: <Page /> }], { initialEntries: ['/u/bob'] });
  renderInApp(<RouterProvider router={router} />, noRetryClient());
  return calls;
}

describe("the '⋯' menu on a member's profile", () => {
  it('mutes them: the page says Muted and the menu offers Unmute, with nothing read again', async () => {
    const calls = renderProfile(bob);
    const card = await screen.findByRole('region', { name: "Bob's profile" });
    await userEvent.click(within(card).getByRole('button', { name: 'More for Bob' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute Bob' }));
    expect(await within(card).findByText('Muted')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'More for Bob' }));
    expect(screen.getByRole('menuitem', { name: 'Unmute Bob' })).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/users/bob', 'PUT /api/users/2/mute']);
  });

  it('blocks them after the question: only who they are remains, with Unblock', async () => {
    renderProfile(bob, blockedBob);
    const card = await screen.findByRole('region', { name: "Bob's profile" });
    expect(screen.getByText("Bob's posts")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'More for Bob' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block Bob' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));

    expect(await within(card).findByText(/You blocked Bob/)).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('gardener')).toBeNull());
    expect(within(card).queryByRole('button', { name: /Follow/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Message' })).toBeNull();
    expect(screen.queryByText("Bob's posts")).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'More for Bob' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Unblock Bob', 'Report…']);
  });

  it('shows a member blocked earlier as blocked, and unblocking brings the profile back', async () => {
    const calls = renderProfile(blockedBob, bob);
    const card = await screen.findByRole('region', { name: "Bob's profile" });
    expect(within(card).getByText(/You blocked Bob/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'More for Bob' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unblock Bob' }));
    expect(await within(card).findByText('gardener')).toBeInTheDocument();
    expect(within(card).queryByText(/You blocked Bob/)).toBeNull();
    expect(calls).toContain('DELETE /api/chat/blocks/2');
  });
});
