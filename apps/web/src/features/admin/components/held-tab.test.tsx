import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldItem } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { bob } from './admin.test-support';
import { renderAdmin } from './admin-page.test-support';

afterEach(() => vi.restoreAllMocks());

const held = (kind: HeldItem['kind'], id: number, text: string, context: string | null = null): HeldItem => ({
  kind,
  id,
  author: bob,
  text,
  context,
  created_at: '2026-11-28T12:00:00Z',
});

describe('the admin area: held for review', () => {
  it('releases a held post, and removes a held message with the reason its author reads', async () => {
    const post = held('post', 8, 'Big giveaway');
    const message = held('message', 9, 'Pills at pills.example', 'In the group Hikers');
    const { sent } = renderAdmin(
      'moderator',
      {
        '/api/admin/held': [[200, { items: [post, message] }]],
        'POST /api/admin/held/post/8/release': [[200, { items: [message] }]],
        'POST /api/admin/held/message/9/remove': [[200, { items: [] }]],
      },
      '/admin/held',
    );
    const first = await screen.findByRole('article', { name: 'Held post by Bob Spammer' });
    const second = screen.getByRole('article', { name: 'Held message by Bob Spammer' });
    expect(first).toHaveTextContent('Big giveaway');
    expect(second).toHaveTextContent('In the group Hikers');
    await userEvent.click(within(first).getByRole('button', { name: 'Release' }));
    await userEvent.type(within(second).getByLabelText('Reason if removed (the author reads it)'), 'Adverts go elsewhere');
    await userEvent.click(within(second).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sent()).toEqual([
        { method: 'POST', path: '/api/admin/held/post/8/release', body: undefined },
        { method: 'POST', path: '/api/admin/held/message/9/remove', body: { note: 'Adverts go elsewhere' } },
      ]),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Removed: its author is told why.'));
    expect(toast.success).toHaveBeenCalledWith('Released: everyone sees the post now.');
  });

  it('names a held profile change by what it would change', async () => {
    renderAdmin(
      'moderator',
      { '/api/admin/held': [[200, { items: [held('profile', 5, 'Name: Bob\nBio: buy now', 'Profile of @bob')] }]] },
      '/admin/held',
    );
    const card = await screen.findByRole('article', { name: 'Held profile change by Bob Spammer' });
    expect(card).toHaveTextContent('Profile of @bob');
    expect(card).toHaveTextContent('Bio: buy now');
  });

  it('says so when nothing is held', async () => {
    renderAdmin('moderator', { '/api/admin/held': [[200, { items: [] }]] }, '/admin/held');
    expect(await screen.findByText('Nothing is held for review.')).toBeInTheDocument();
  });
});
