import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FollowList, User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { callLines, serveFetch } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';
import { FollowListModal } from './follow-list-modal';

afterEach(() => vi.restoreAllMocks());

const followers: FollowList = {
  users: [
    { id: 2, username: 'bob', name: 'Bob', avatar: null, is_following: false, follows_me: true },
    { id: 3, username: 'cy', name: 'Cy', avatar: null, is_following: true, follows_me: true },
  ],
  next_cursor: null,
};

function renderModal() {
  storeSession('token', { id: 1, email: 'ann@example.com', username: 'ann', full_name: 'Ann' } as User);
  const calls = serveFetch({
    '/api/users/1/followers': [[200, followers]],
    '/api/users/2/follow': [[200, { following: true }]],
    '/api/users/3/follower': [[204, null]],
  });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <FollowListModal
          userId={1}
          side="followers"
          onSideChange={() => {}}
          open
          onOpenChange={() => {}}
          ownList
          counts={{ followers: 2, following: 1 }}
        />
      ),
    },
  ]);
  renderInApp(<RouterProvider router={router} />, noRetryClient());
  return calls;
}

describe('followers modal', () => {
  it('offers Remove, Message and Follow back on my followers, and acts on the server', async () => {
    const calls = renderModal();
    const list = await screen.findByRole('list', { name: 'Followers' });
    const bob = within(list).getByRole('link', { name: /^Bob$/ }).closest('li')!;
    expect(within(bob).getByRole('link', { name: 'Message Bob' })).toHaveAttribute('href', '/scan-chat/private/2');
    // Cy is already followed back: no Follow back button on that row.
    const cy = within(list).getByRole('link', { name: /^Cy$/ }).closest('li')!;
    expect(within(cy).queryByRole('button', { name: /Follow back/ })).toBeNull();

    await userEvent.click(within(bob).getByRole('button', { name: 'Follow back Bob' }));
    expect(callLines(calls)).toContain('POST /api/users/2/follow');
    expect(await within(bob).findByRole('button', { name: 'Remove Bob from your followers' })).toBeEnabled();

    await userEvent.click(within(cy).getByRole('button', { name: 'Remove Cy from your followers' }));
    expect(callLines(calls)).toContain('DELETE /api/users/3/follower');
  });
});
