import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveSocketForFile, storeSends } from '../../../lib/live-socket.test-support';
import type { AppSocket } from '../../../lib/socket';
import { renderInApp } from '../../../test-render';
import { fakeServer } from '../channels.test-support';
import { CommunityEventsBridge } from '../hooks/use-community-events';
import { aMessage } from '../test-fixtures';
import { CommunityChatPage } from './community-chat-page';

// A real socket.io server and client on loopback; only the app's lookup of its one socket is pointed at this client.
const live = vi.hoisted(() => ({ socket: null as AppSocket | null }));
vi.mock('../../../lib/socket-provider', () => ({ useSocket: () => live.socket }));

const sends: unknown[] = [];
/** The community:watch and community:unwatch events the server heard, in order. */
const watches: string[] = [];
const loop = liveSocketForFile(live, (s) => {
  storeSends(s, 'community:send', sends, ({ text, client_id, channel_id }: { text: string; client_id: string; channel_id: number }) =>
    aMessage({ id: 500, text, client_id, sender_id: 99, channel_id }),
  );
  s.on('community:watch', (payload) => void watches.push(`watch ${(payload as { community_id: number }).community_id}`));
  s.on('community:unwatch', () => void watches.push('unwatch'));
  s.on('ping', (ack) => ack(Date.now()));
});
afterEach(() => vi.restoreAllMocks());

function openLive(path: string) {
  localStorage.setItem('USER_TOKEN', 'token');
  localStorage.setItem('USER_AUTH', JSON.stringify({ id: 99, name: 'Me', username: 'me' }));
  const router = createMemoryRouter(
    [
      {
        path: '/scan-chat/community/:chatId?/:channelId?',
        element: (
          <>
            <CommunityEventsBridge />
            <CommunityChatPage />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  renderInApp(<RouterProvider router={router} />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return router;
}

const room = loop.room;

describe('community channels, live', () => {
  it("a message in another channel raises that channel's badge; one in the open channel shows there and counts nothing", async () => {
    fakeServer();
    openLive('/scan-chat/community/5');
    const nav = within(await screen.findByRole('navigation', { name: 'Channels' }));
    await screen.findByText('hello general');

    room().emit('community:message:new', aMessage({ id: 50, text: 'boots found', channel_id: 3 }));
    expect(await nav.findByRole('link', { name: 'random, 3 unread, muted' })).toBeVisible();
    expect(screen.queryByText('boots found')).toBeNull();

    room().emit('community:message:new', aMessage({ id: 51, text: 'see you at nine', channel_id: 1 }));
    expect(await screen.findByText('see you at nine')).toBeVisible();
    expect(nav.getByRole('link', { name: 'general' })).toBeVisible();
  });

  it('the list follows community:channels:changed; a member in a deleted channel lands in the first', async () => {
    fakeServer();
    const router = openLive('/scan-chat/community/5/3');
    const nav = within(await screen.findByRole('navigation', { name: 'Channels' }));
    await screen.findByText('anyone seen my boots');
    room().emit('community:channels:changed', {
      community_id: 5,
      channels: [
        { id: 1, name: 'general', topic: 'Anything hiking', kind: 'text', position: 0 },
        { id: 2, name: 'updates', topic: 'Trail closures', kind: 'announcements', position: 1 },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/community/5'));
    expect(nav.getAllByRole('link').map((l) => l.getAttribute('aria-label'))).toEqual(['general', 'updates, announcements, 3 unread']);
    expect(await screen.findByText('hello general')).toBeVisible();
  });

  it('over the socket, community:send names the open channel', async () => {
    fakeServer();
    openLive('/scan-chat/community/5/3');
    await screen.findByText('anyone seen my boots');
    await userEvent.type(screen.getByPlaceholderText('Type a message'), 'on my way{Enter}');
    // The bubble shown while sending is replaced by the stored message once the send is answered: either is fine.
    await waitFor(() => expect(screen.getByText('on my way')).toBeVisible());
    expect(sends).toEqual([{ text: 'on my way', client_id: expect.any(String), community_id: 5, channel_id: 3 }]);
  });

  it('an open chat watches its community, again after a reconnect, whichever channel shows; leaving the chat unwatches', async () => {
    fakeServer();
    // Whatever the previous test's chat said on closing has arrived (a socket's events keep their order).
    await live.socket!.emitWithAck('ping');
    watches.length = 0;
    const router = openLive('/scan-chat/community/5');
    await screen.findByText('hello general');
    await waitFor(() => expect(watches).toEqual(['watch 5']));

    // Another channel of the same chat: still the one watch.
    await router.navigate('/scan-chat/community/5/3');
    await screen.findByText('anyone seen my boots');

    // A new connection watches nothing until told again.
    live.socket!.disconnect();
    live.socket!.connect();
    await waitFor(() => expect(watches).toEqual(['watch 5', 'watch 5']));

    await router.navigate('/scan-chat/community');
    await waitFor(() => expect(watches).toEqual(['watch 5', 'watch 5', 'unwatch']));
  });
});
