import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@tribeverse/shared';
import { AuthProvider } from '../../../lib/auth';
import { formatDayMonth, formatTime, formatWeekday } from '../../../lib/datetime';
import { chatListEntries } from '../api/chat-list';
import { ChatSidebar } from './chat-sidebar';
import { ConversationList } from './conversation-list';
import { UserList } from './user-list';

const conversation = (id: number, patch: Partial<Conversation> = {}): Conversation => ({
  peer: { id, name: `Peer ${id}`, username: null, avatar: null, online: false, last_seen: '2026-01-05T09:05:00' },
  last_message: { id: id * 10, text: `last from ${id}`, sender_id: id, media_type: null, deleted: false },
  unread: 0,
  updated_at: '2026-01-05T09:05:00',
  blocked: false,
  ...patch,
});

/** The list's rows for these direct chats alone. */
const rows = (conversations: Conversation[]) => chatListEntries(conversations, []);

function inRouter(element: React.ReactNode) {
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/chat/:id', element: <p>entry</p> },
    { path: '/scan-chat/private/:chatId', element: <p>chat</p> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('ConversationList', () => {
  it("shows the unread badge only when not zero, the last message and a last-seen time today in the member's format", async () => {
    const earlierToday = new Date();
    earlierToday.setHours(0, 5, 0, 0);
    const seen = { online: false, last_seen: earlierToday.toISOString() };
    const all = [
      conversation(1, { unread: 3, peer: { ...conversation(1).peer, ...seen } }),
      conversation(2, { peer: { ...conversation(2).peer, ...seen } }),
    ];
    const router = inRouter(<ConversationList entries={rows(all)} visible={rows(all)} me={99} active={null} />);
    expect(screen.getByLabelText('3 unread')).toHaveTextContent('3');
    expect(screen.queryByTestId('unread-2')).toBeNull();
    expect(screen.getByText('last from 1')).toBeInTheDocument();
    expect(screen.getAllByText(formatTime(earlierToday))).toHaveLength(2);
    // A row opens /chat/{its index in the full list}, even when the list is filtered.
    await userEvent.click(screen.getByRole('button', { name: /Peer 2/ }));
    expect(router.state.location.pathname).toBe('/chat/1');
  });

  it("shows an older last seen as 'Yesterday', the weekday, then the date", () => {
    const daysAgo = (n: number) => {
      const d = new Date();
      d.setDate(d.getDate() - n);
      d.setHours(12, 0, 0, 0);
      return d.toISOString();
    };
    const all = [1, 3, 40].map((n) => conversation(n, { peer: { ...conversation(n).peer, last_seen: daysAgo(n) } }));
    inRouter(<ConversationList entries={rows(all)} visible={rows(all)} me={99} active={null} />);
    const [yesterday, days3, days40] = screen.getAllByRole('button').map((row) => row.textContent ?? '');
    expect(yesterday).toContain('Yesterday');
    expect(days3).toContain(formatWeekday(daysAgo(3)));
    const forty = new Date(daysAgo(40));
    expect(days40).toContain(formatDayMonth(forty, forty.getFullYear() !== new Date().getFullYear()));
    expect(screen.queryAllByText(/\d:\d\d/)).toHaveLength(0);
  });

  it('says that nothing matched the search, not that the search was invalid', () => {
    inRouter(<ConversationList entries={rows([conversation(1)])} visible={[]} me={99} active={null} search="zed" />);
    expect(screen.getByText('No chats match “zed”.')).toBeInTheDocument();
  });

  it('says there are no chats yet when there are none', () => {
    inRouter(<ConversationList entries={[]} visible={[]} me={99} active={null} />);
    expect(screen.getByText('No chats yet.')).toBeInTheDocument();
  });
});

describe('UserList', () => {
  it("falls back to the username, then 'User', with the default avatar, and says 'No users' when empty", () => {
    inRouter(
      <UserList
        users={[
          { id: 1, name: null, username: 'ann_l', avatar: null },
          { id: 2, name: null, username: null, avatar: null },
        ]}
        activePeerId={null}
      />,
    );
    expect(screen.getByRole('link', { name: /ann_l/ })).toHaveAttribute('href', '/scan-chat/private/1');
    expect(screen.getByRole('link', { name: /User/ })).toHaveTextContent('Tap to open chat');
    expect(screen.getAllByRole('img')[0]).toHaveAttribute('src', '/default-avatar.svg');
  });

  it("says 'No users'", () => {
    inRouter(<UserList users={[]} activePeerId={null} />);
    expect(screen.getByText('No users')).toBeInTheDocument();
  });
});

/** The sidebar of a signed-in member with nothing open, its queries failing at once. */
function openSidebar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  inRouter(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ChatSidebar activePeerId={null} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('ChatSidebar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says a failed load failed, with Retry, instead of an empty list', async () => {
    let up = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (!up) return Response.json({ code: 'INTERNAL', msg: 'Something went wrong on our side.' }, { status: 500 });
      if (url.startsWith('/api/chat/conversations')) return Response.json({ conversations: [conversation(1)] });
      if (url.startsWith('/api/chat/groups')) return Response.json({ groups: [] });
      return Response.json({ users: [{ id: 2, name: 'Peer 2', username: null, avatar: null }], next_offset: null });
    });
    const client = openSidebar();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your chats. Retry');
    expect(screen.queryByText(/No chats/)).toBeNull();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('last from 1')).toBeInTheDocument();

    up = false;
    await client.resetQueries({ queryKey: ['chat', 'users'] });
    await userEvent.click(screen.getByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load people. Retry');
    expect(screen.queryByText('No users')).toBeNull();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Peer 2/ })).toBeInTheDocument();
  });

  it("pages the people list with 'Load more' until the last page", async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname === '/api/chat/conversations') return Response.json({ conversations: [] });
      if (url.pathname === '/api/chat/groups') return Response.json({ groups: [] });
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const user = (id: number) => ({ id, name: `Person ${id}`, username: null, avatar: null });
      return Response.json(offset === 0 ? { users: [user(1), user(2)], next_offset: 2 } : { users: [user(3)], next_offset: null });
    });
    openSidebar();
    // No conversations yet: the sidebar opens on People.
    expect(await screen.findByRole('link', { name: /Person 2/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Person 3/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/chat/users'))).toEqual([
      '/api/chat/users?offset=0',
      '/api/chat/users?offset=2',
    ]);
  });
});
