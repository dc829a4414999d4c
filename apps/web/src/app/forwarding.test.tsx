import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followForwardToast } from '../features/chat/components/forward-dialog.test-support';
import { signIn } from '../features/chat/components/group.test-support';
import { useCommunityMessageActions } from '../features/communities/hooks/use-community-message-actions';
import { aCommunity, aMessage } from '../features/communities/test-fixtures';
import { toast } from '../lib/toast';
import { renderInApp } from '../test-render';
import { AppForwarding } from './forwarding';

const channel = (id: number, name: string, kind: 'text' | 'announcements' = 'text') => ({
  id,
  name,
  topic: '',
  kind,
  position: id,
  unread: 0,
  muted: false,
});

/** The member's lists (no chats, no groups; a community where they are a member and one they only asked to join). */
function fakeServer(role: 'member' | 'moderator' = 'member') {
  const forwards: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/chat/conversations') return Response.json({ conversations: [] });
    if (url.pathname === '/api/chat/groups') return Response.json({ groups: [] });
    if (url.pathname === '/api/communities' && url.searchParams.get('mine') === 'true')
      return Response.json({
        communities: [
          aCommunity({ id: 5, name: 'Lagos Hikers', my_role: role }),
          aCommunity({ id: 6, name: 'Pending Club', my_status: 'requested' }),
        ],
        next_cursor: null,
      });
    if (url.pathname === '/api/communities/5/channels')
      return Response.json({ channels: [channel(1, 'general'), channel(2, 'news', 'announcements'), channel(3, 'trails')] });
    if (url.pathname === '/api/chat/forward') {
      const body = JSON.parse(String(init?.body)) as { to: { community_id: number; channel_id: number } };
      forwards.push(body);
      return Response.json({ message: aMessage({ id: 90, community_id: 5, channel_id: body.to.channel_id }) }, { status: 201 });
    }
    return Response.json({}, { status: 404 });
  });
  return forwards;
}

/** A community chat's message with its menu's actions, as the community chat view wires them. */
function ChannelMessage() {
  const { actions } = useCommunityMessageActions(aCommunity({ id: 5 }), 1, {
    canWrite: true,
    reply: vi.fn(),
    edit: vi.fn(),
    report: vi.fn(),
  });
  return (
    <button type="button" onClick={() => actions.onForward?.(aMessage({ id: 70, text: 'Who is in for Saturday?' }))}>
      Forward…
    </button>
  );
}

function open() {
  const router = createMemoryRouter(
    [
      {
        path: '/here',
        element: (
          <AppForwarding>
            <ChannelMessage />
          </AppForwarding>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/here'] },
  );
  renderInApp(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('forwarding across chat and communities', () => {
  it('forwards a community chat message to a channel the member may post in, and links to it', async () => {
    signIn();
    const forwards = fakeServer();
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const router = open();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Forward…' }));
    // The dialog is chat's, loaded when first asked for.
    const dialog = await screen.findByRole('dialog', { name: 'Forward to…' }, { timeout: 10_000 });
    expect(within(dialog).getByText('Who is in for Saturday?')).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Chats, groups and channels' });
    // Not the announcements channel (a plain member), nor a community they are not in.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Forward to #general', 'Forward to #trails']),
    );
    expect(within(list).getAllByText('Channel · Lagos Hikers')).toHaveLength(2);
    // Found by the community's name too.
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search chats, groups and channels' }), 'hikers');
    expect(within(list).getAllByRole('button')).toHaveLength(2);

    await userEvent.click(within(list).getByRole('button', { name: 'Forward to #trails' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(forwards).toEqual([{ message_id: 70, to: { community_id: 5, channel_id: 3 }, client_id: expect.any(String) }]);
    await followForwardToast(success, router, '/scan-chat/community/5/3');
  });

  it('offers announcements channels to moderators and up', async () => {
    signIn();
    fakeServer('moderator');
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Forward…' }));
    const list = await screen.findByRole('list', { name: 'Chats, groups and channels' }, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(within(list).getByRole('button', { name: 'Forward to #news' })).toBeInTheDocument();
  });
});
