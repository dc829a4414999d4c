import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation, GroupListItem } from '@tribeverse/shared';
import { aDirectMessage } from '../../../lib/conversation/messages.test-support';
import { toast } from '../../../lib/toast';
import { renderInApp } from '../../../test-render';
import { ForwardDialog } from './forward-dialog';
import { followForwardToast } from './forward-dialog.test-support';
import { groupMessage, signIn } from './group.test-support';

const peer = (id: number, name: string, username: string) => ({ id, name, username, avatar: null, online: false, last_seen: null });
const chat = (id: number, name: string, username: string, blocked = false): Conversation => ({
  peer: peer(id, name, username),
  last_message: null,
  unread: 0,
  updated_at: '2026-01-05T09:00:00Z',
  blocked,
});
const groups: GroupListItem[] = [{ id: 5, name: 'Trip', avatar: null, member_count: 3, last_message: null, unread: 0, muted: false }];
const source = groupMessage(12, { text: 'meet at 8' });
const copy = (patch: Partial<ChatMessage> = {}): ChatMessage =>
  aDirectMessage(80, {
    text: 'meet at 8',
    sender_id: 99,
    receiver_id: 1,
    forwarded_from: { id: 1, name: 'Ada', username: 'ada', avatar: null },
    ...patch,
  });

/** The chat lists and the forward call; `refuse` answers the forward with that error. */
function fakeServer(refuse?: { status: number; code: string; msg: string }) {
  const forwards: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/chat/conversations')
      return Response.json({ conversations: [chat(1, 'Ann Lee', 'ann'), chat(2, 'Bob Ray', 'bob'), chat(3, 'Blocked Guy', 'bg', true)] });
    if (url.pathname === '/api/chat/groups') return Response.json({ groups });
    if (url.pathname === '/api/chat/forward') {
      const body = JSON.parse(String(init?.body)) as { to: { peer_id?: number; group_id?: number } };
      forwards.push(body);
      if (refuse) return Response.json({ code: refuse.code, msg: refuse.msg }, { status: refuse.status });
      const message = body.to.group_id
        ? groupMessage(81, { group_id: body.to.group_id, sender_id: 99, forwarded_from: source.sender })
        : copy({ receiver_id: body.to.peer_id! });
      return Response.json({ message }, { status: 201 });
    }
    return Response.json({});
  });
  return forwards;
}

/** The view around the dialog: closing it forgets the message. */
function Host({ onClose }: { onClose(): void }) {
  const [message, setMessage] = useState<typeof source | null>(source);
  return (
    <ForwardDialog
      message={message}
      onClose={() => {
        setMessage(null);
        onClose();
      }}
    />
  );
}

function open(onClose = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/here', element: <Host onClose={onClose} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/here'] },
  );
  renderInApp(<RouterProvider router={router} />);
  return { router, onClose };
}

afterEach(() => vi.restoreAllMocks());

describe('the forward dialog', () => {
  it('lists the member’s chats and groups (not one they blocked), searchable by name or username', async () => {
    signIn();
    fakeServer();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Forward to…' });
    expect(within(dialog).getByText('meet at 8')).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Chats, groups and channels' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Forward to Ann Lee', 'Forward to Bob Ray', 'Forward to Trip']);
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search chats, groups and channels' }), 'bob');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Forward to Bob Ray']),
    );
    await userEvent.clear(within(dialog).getByRole('searchbox'));
    await userEvent.type(within(dialog).getByRole('searchbox'), 'nobody');
    expect(await within(dialog).findByText('Nothing found')).toBeInTheDocument();
  });

  it('sends a copy where the member picks, closes, and says so with a link to open it', async () => {
    signIn();
    const forwards = fakeServer();
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { router, onClose } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Forward to Trip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(forwards).toEqual([{ message_id: 12, to: { group_id: 5 }, client_id: expect.any(String) }]);

    // The toast's link opening the group, and its words.
    await followForwardToast(success, router, '/scan-chat/private/group/5');
    expect(screen.getByText(/Forwarded to Trip\./)).toBeInTheDocument();
  });

  it('says why when the target refuses, and picking it again cannot send twice', async () => {
    signIn();
    const forwards = fakeServer({ status: 403, code: 'BLOCKED', msg: 'You cannot message this member.' });
    const { onClose } = open();
    const ann = await screen.findByRole('button', { name: 'Forward to Ann Lee' });
    await userEvent.click(ann);
    expect(await screen.findByText('You cannot message this member.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Forward to Ann Lee' }));
    await waitFor(() => expect(forwards).toHaveLength(2));
    const [first, second] = forwards as Array<{ client_id: string; to: unknown }>;
    expect(first!.to).toEqual({ peer_id: 1 });
    expect(second!.client_id).toBe(first!.client_id);
  });
});
