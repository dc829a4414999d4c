import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@tribeverse/shared';
import { renderInApp } from '../../../test-render';
import { ChatEntryPage } from './chat-entry-page';
import { PrivateChatPage } from './private-chat-page';
import { aDirectMessage } from '../../../lib/conversation/messages.test-support';

const peer = { id: 1, name: 'Peer 1', username: 'peer1', avatar: null, online: false, last_seen: '2026-01-05T09:05:00' };
const unreadConversation: Conversation = {
  peer,
  last_message: { id: 13, text: 'third unread', sender_id: 1, media_type: null, deleted: false },
  unread: 3,
  updated_at: '2026-01-05T09:05:00',
  blocked: false,
};
const fromPeer = (id: number, text: string) => aDirectMessage(id, { text, receiver_id: 99, created_at: '2026-01-05T09:05:00Z' });

/** The server as the chat page sees it: one conversation with three messages the member has not read. */
function fakeServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/chat/conversations') return Response.json({ conversations: [unreadConversation] });
    if (url.pathname === '/api/chat/groups') return Response.json({ groups: [] });
    if (url.pathname === '/api/chat/users') return Response.json({ users: [peer], next_offset: null });
    if (url.pathname === '/api/chat/read') return Response.json({ updated: 3, unreadCount: 0 });
    if (url.pathname === '/api/chat/messages')
      return Response.json([fromPeer(11, 'first unread'), fromPeer(12, 'second unread'), fromPeer(13, 'third unread')]);
    if (url.pathname === '/api/chat/peers/1') return Response.json({ peer, blocked: false, can_message: true });
    return Response.json({});
  });
}

const reads = (fetchMock: ReturnType<typeof fakeServer>) => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/chat/read');

function openChatAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/chat/:id', element: <ChatEntryPage /> },
      { path: '/scan-chat/private/:chatId?', element: <PrivateChatPage /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient();
  renderInApp(<RouterProvider router={router} />, client);
  return { router, client };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PrivateChatPage on a desktop', () => {
  it('opens on the list with an empty pane, and reads nothing until the member opens a conversation', async () => {
    // Wide enough for the list and a conversation side by side.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('min-width'), media: query }) as MediaQueryList);
    localStorage.setItem('USER_TOKEN', 'token');
    localStorage.setItem('USER_AUTH', JSON.stringify({ id: 99, name: 'Me', username: 'me' }));
    const fetchMock = fakeServer();
    const { router, client } = openChatAt('/scan-chat/private');

    expect(await screen.findByLabelText('3 unread')).toBeInTheDocument();
    expect(screen.getByText('Select a user')).toBeVisible();
    // Give a would-be redirect every chance to happen: the list and the people have both loaded and been drawn.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/scan-chat/private');
    expect(screen.queryByText('first unread')).toBeNull();
    expect(reads(fetchMock)).toEqual([]);

    // The member opens the conversation: now, and only now, it is read.
    await userEvent.click(screen.getByRole('button', { name: /Peer 1/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/private/1'));
    expect(await screen.findByText('first unread')).toBeInTheDocument();
    await waitFor(() => expect(reads(fetchMock)).toHaveLength(1));
  });
});
