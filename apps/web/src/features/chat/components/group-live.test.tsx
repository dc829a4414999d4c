import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveSocketForFile, storeSends } from '../../../lib/live-socket.test-support';
import type { AppSocket } from '../../../lib/socket';
import { ChatEventsBridge } from '../hooks/use-chat-events';
import {
  ADA,
  BEN,
  ChatsCounter,
  ME,
  fakeGroupServer,
  group,
  groupMessage,
  listItem,
  openRoutes,
  resetGroupTest,
  signIn,
} from './group.test-support';
import { PrivateChatPage } from './private-chat-page';

// A real socket.io server and client on loopback; only the app's lookup of its one socket is pointed at this client.
const live = vi.hoisted(() => ({ socket: null as AppSocket | null }));
vi.mock('../../../lib/socket-provider', () => ({ useSocket: () => live.socket }));

const sends: unknown[] = [];
const typing: unknown[] = [];
const loop = liveSocketForFile(live, (s) => {
  storeSends(s, 'group:send', sends, ({ text, client_id, group_id }: { text: string; client_id: string; group_id: number }) =>
    groupMessage(500, { text, client_id, group_id, sender_id: ME.id, sender: ME }),
  );
  s.on('typing:start', (payload) => typing.push(payload));
});
afterEach(resetGroupTest);

function openLive(path: string) {
  signIn();
  return openRoutes(
    [
      {
        path: '/scan-chat/private/group/:groupId',
        element: (
          <>
            <ChatEventsBridge />
            <ChatsCounter />
            <PrivateChatPage />
          </>
        ),
      },
      { path: '/scan-chat/private', element: <PrivateChatPage /> },
    ],
    path,
  );
}

const room = loop.room;
const history = () => [groupMessage(12, { text: 'hello all' }), groupMessage(14, { sender_id: ME.id, sender: ME, text: 'see you there' })];

describe('a group, live', () => {
  it('sends over the socket with group:send, and shows what others write at once', async () => {
    const http = fakeGroupServer({ messages: history() });
    openLive('/scan-chat/private/group/5');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Type a message' }), 'on my way{Enter}');
    // 'Sending…' gives way to the stored message when the ack comes: wait for what stays, the message with its ✓.
    await waitFor(() => {
      const mine = screen.getByText('on my way').closest('li')!;
      expect(within(mine).getByRole('img', { name: 'Sent' })).toBeVisible();
    });
    expect(sends).toEqual([{ text: 'on my way', client_id: expect.any(String), group_id: 5 }]);
    expect(http.made('POST /api/chat/groups/5/send')).toHaveLength(0);

    room().emit('group:message:new', groupMessage(501, { sender_id: BEN.id, sender: BEN, text: 'me too' }));
    const message = (await screen.findByText('me too')).closest('li')!;
    expect(within(message).getByText('Ben')).toBeVisible();
    await waitFor(() => expect(http.made('POST /api/chat/groups/5/read').map((c) => c.body)).toContainEqual({ message_id: 501 }));
  });

  it('a message in another group raises that group’s badge in the list', async () => {
    const http = fakeGroupServer({ messages: history(), groups: [listItem(), listItem({ id: 7, name: 'Book club' })] });
    openLive('/scan-chat/private/group/5');
    await screen.findByText('see you there');
    http.state.groups = [
      listItem({ id: 7, name: 'Book club', unread: 1, last_message: groupMessage(60, { group_id: 7, text: 'chapter 3?' }) }),
      listItem(),
    ];
    room().emit('group:message:new', groupMessage(60, { group_id: 7, text: 'chapter 3?' }));
    const row = await screen.findByRole('button', { name: /Book club/ });
    expect(await within(row).findByLabelText('1 unread')).toBeVisible();
    expect(row).toHaveTextContent('Ada: chapter 3?');
    expect(screen.queryByText('chapter 3?', { selector: 'li[data-testid="message"] *' })).toBeNull();
  });

  it('a message in a muted group shows in its row, quietly, and leaves the Chats counter alone', async () => {
    const mutedGroup = (patch = {}) => listItem({ id: 7, name: 'Book club', muted: true, ...patch });
    const http = fakeGroupServer({ messages: history(), groups: [listItem(), mutedGroup()] });
    openLive('/scan-chat/private/group/5');
    await screen.findByText('see you there');
    expect(screen.getByRole('button', { name: /Book club/ })).toHaveAccessibleName(/muted/);
    expect(screen.getByTestId('chats-counter')).toHaveTextContent('0');

    http.state.groups = [mutedGroup({ unread: 1, last_message: groupMessage(60, { group_id: 7, text: 'chapter 3?' }) }), listItem()];
    const asked = http.made('GET /api/chat/unread-count').length;
    room().emit('group:message:new', groupMessage(60, { group_id: 7, text: 'chapter 3?' }));
    const row = await screen.findByRole('button', { name: /Book club/ });
    expect(await within(row).findByLabelText('1 unread')).toBeVisible();
    expect(row).toHaveAccessibleName(/muted/);
    await waitFor(() => expect(http.made('GET /api/chat/unread-count').length).toBeGreaterThan(asked));
    expect(screen.getByTestId('chats-counter')).toHaveTextContent('0');

    // A group that is not muted counts.
    http.state.groups = [...http.state.groups, listItem({ id: 8, name: 'Choir', unread: 1 })];
    room().emit('group:message:new', groupMessage(61, { group_id: 8, text: 'rehearsal moved' }));
    await waitFor(() => expect(screen.getByTestId('chats-counter')).toHaveTextContent('1'));
    expect(screen.getByRole('button', { name: /Choir/ })).not.toHaveAccessibleName(/muted/);
  });

  it("an admin's removal shows as 'Removed by an admin' for everyone, at once", async () => {
    const http = fakeGroupServer({ messages: history() });
    openLive('/scan-chat/private/group/5');
    await screen.findByText('see you there');
    // My own message, taken down by an admin.
    const gone = groupMessage(14, { sender_id: ME.id, sender: ME, text: '', deleted: true, removed: true });
    http.state.groups = [listItem({ last_message: gone })];
    room().emit('group:message:deleted', gone);
    const removed = (await screen.findByText('Removed by an admin', { selector: 'li[data-testid="message"] *' })).closest('li')!;
    expect(removed).toHaveAttribute('data-message-id', '14');
    expect(screen.queryByText('see you there')).toBeNull();
    expect(await screen.findByRole('button', { name: /^Trip/ })).toHaveTextContent('You: Removed by an admin');
  });

  it('says who is typing in the group, and tells the group when I type', async () => {
    fakeGroupServer({ messages: history() });
    openLive('/scan-chat/private/group/5');
    await screen.findByText('see you there');
    expect(screen.getByTestId('group-status')).toHaveTextContent('3 members');
    room().emit('typing:update', { user_id: ADA.id, typing: true, group_id: 5 } as never);
    expect(await screen.findByText('Ada is typing…')).toBeVisible();
    room().emit('typing:update', { user_id: BEN.id, typing: true, group_id: 5 } as never);
    expect(await screen.findByText('Ada and Ben are typing…')).toBeVisible();
    // Ben's message ends his typing.
    room().emit('group:message:new', groupMessage(502, { sender_id: BEN.id, sender: BEN, text: 'here' }));
    expect(await screen.findByText('Ada is typing…')).toBeVisible();
    // A private chat's typing is not the group's.
    room().emit('typing:update', { user_id: BEN.id, typing: true });
    await userEvent.type(screen.getByRole('textbox', { name: 'Type a message' }), 'h');
    await waitFor(() => expect(typing).toContainEqual({ group_id: 5 }));
    expect(screen.getByTestId('group-status')).toHaveTextContent('Ada is typing…');
  });

  it('says "Seen by N" from group:read, follows group:updated, and group:removed ends the conversation', async () => {
    fakeGroupServer({ messages: history() });
    openLive('/scan-chat/private/group/5');
    await screen.findByText('see you there');
    room().emit('group:read', { group_id: 5, user_id: ADA.id, last_read_id: 14 });
    expect(await screen.findByText('Seen by 1')).toBeVisible();

    room().emit('group:updated', { group: group({ name: 'Weekend' }) });
    expect(await screen.findByRole('heading', { name: 'Weekend' })).toBeVisible();

    room().emit('group:removed', { group_id: 5 });
    expect(await screen.findByText('You are no longer in this group.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Type a message' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Trip|^Weekend/ })).toBeNull();
  });
});
