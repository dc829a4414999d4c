import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@tribeverse/shared';
import { renderInApp } from '../../../test-render';
import { PrivateChatPage } from './private-chat-page';
import { aDirectMessage } from '../../../lib/conversation/messages.test-support';

const ME = 99;
const peer = { id: 1, name: 'Ann Lee', username: 'ann', avatar: null, online: false, last_seen: null };
const message = (id: number, text = `m${id}`, patch: Partial<ChatMessage> = {}) =>
  aDirectMessage(id, {
    text,
    sender_id: id % 2 ? peer.id : ME,
    receiver_id: id % 2 ? ME : peer.id,
    created_at: new Date(Date.UTC(2026, 0, 5, 9, 0, id)).toISOString(),
    ...patch,
  });

/** A long chat: the latest page holds messages 100 to 129; message 5, long ago, is pinned. */
function fakeServer() {
  const old = message(5, 'the old plan', { pinned: true });
  let pins = [old];
  const calls: string[] = [];
  const bodies: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const call = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    calls.push(call);
    if (url.pathname === '/api/chat/peers/1') return Response.json({ peer, blocked: false, can_message: true });
    if (url.pathname === '/api/chat/pins') return Response.json({ pins });
    if (url.pathname === '/api/chat/messages') {
      const around = Number(url.searchParams.get('around'));
      if (around) return Response.json([3, 4, 5, 6, 7].map((id) => (id === 5 ? old : message(id))));
      if (url.searchParams.get('before')) return Response.json([]);
      return Response.json(Array.from({ length: 30 }, (_, i) => message(100 + i)));
    }
    const pin = /^\/api\/chat\/messages\/(\d+)\/pin$/.exec(url.pathname);
    if (pin) {
      const body = JSON.parse(String(init?.body)) as { pinned: boolean };
      bodies.push(body);
      const changed = message(Number(pin[1]), undefined, { pinned: body.pinned });
      pins = body.pinned ? [changed, ...pins] : pins.filter((p) => p.id !== changed.id);
      return Response.json(changed);
    }
    if (url.pathname === '/api/chat/conversations') return Response.json({ conversations: [] });
    if (url.pathname === '/api/chat/groups') return Response.json({ groups: [] });
    if (url.pathname === '/api/chat/users') return Response.json({ users: [peer], next_offset: null });
    if (url.pathname === '/api/chat/read') return Response.json({ updated: 0, unreadCount: 0 });
    return Response.json({});
  });
  return { calls, bodies };
}

function openChat() {
  localStorage.setItem('USER_TOKEN', 'token');
  localStorage.setItem('USER_AUTH', JSON.stringify({ id: ME, name: 'Me', username: 'me' }));
  const router = createMemoryRouter([{ path: '/scan-chat/private/:chatId?', element: <PrivateChatPage /> }], {
    initialEntries: ['/scan-chat/private/1'],
  });
  renderInApp(<RouterProvider router={router} />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

const bubbleWith = (text: string) => screen.getAllByTestId('message').find((m) => m.textContent?.includes(text));

afterEach(() => vi.restoreAllMocks());

describe('pins in a direct chat', () => {
  it('shows the latest pin at the top; a tap loads the page around it when it is not loaded, and goes back', async () => {
    const server = fakeServer();
    openChat();
    const bar = await screen.findByRole('region', { name: 'Pinned messages' });
    await screen.findByText('m129');
    expect(bubbleWith('the old plan')).toBeUndefined();

    await userEvent.click(within(bar).getByRole('button', { name: /Pinned message\s*the old plan/ }));
    await waitFor(() => expect(bubbleWith('the old plan')).toBeDefined());
    expect(server.calls).toContainEqual(expect.stringMatching(/^GET \/api\/chat\/messages\?peer_id=1&limit=\d+&around=5$/));
    // Keyboard and screen reader users land on it too.
    await waitFor(() => expect(bubbleWith('the old plan')).toHaveFocus());
    expect(screen.queryByText('m129')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Back to the latest messages' }));
    expect(await screen.findByText('m129')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to the latest messages' })).toBeNull();
  });

  it('pins from the message menu; the bar shows the new pin', async () => {
    const server = fakeServer();
    openChat();
    await screen.findByText('m129');
    await userEvent.click(within(bubbleWith('m129')!).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(server.bodies).toEqual([{ pinned: true }]));
    expect(server.calls).toContain('PUT /api/chat/messages/129/pin');
    const bar = screen.getByRole('region', { name: 'Pinned messages' });
    expect(await within(bar).findByRole('button', { name: /latest of 2\)\s*m129/ })).toBeInTheDocument();
    // A pin in the loaded history: the jump scrolls to it, nothing more is loaded.
    await userEvent.click(within(bar).getByRole('button', { name: /latest of 2/ }));
    await waitFor(() => expect(bubbleWith('m129')).toHaveFocus());
    expect(server.calls.filter((c) => c.includes('around='))).toEqual([]);
  });
});
