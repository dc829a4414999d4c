import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_LIMITS } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { groupState } from '../stores/groups';
import { outbox } from '../stores/outbox';
import { ADA, BEN, CY, ME, fakeGroupServer, group, groupMessage, openRoutes, resetGroupTest, signIn } from './group.test-support';
import { PrivateChatPage } from './private-chat-page';

const openGroup = (path = '/scan-chat/private/group/5') =>
  openRoutes(
    [
      { path: '/scan-chat/private/:chatId?', element: <PrivateChatPage /> },
      { path: '/scan-chat/private/group/:groupId', element: <PrivateChatPage /> },
      { path: '/chat/:id', element: <p>entry</p> },
    ],
    path,
  );

const history = () => [
  groupMessage(10, { sender_id: ME.id, sender: ME, text: '', system: { event: 'created', actor_id: ME.id, name: 'Trip' } }),
  groupMessage(11, { sender_id: ME.id, sender: ME, text: '', system: { event: 'added', actor_id: ME.id, user_ids: [ADA.id, BEN.id] } }),
  groupMessage(12, { text: 'hello all' }),
  groupMessage(13, {
    sender_id: BEN.id,
    sender: BEN,
    text: 'hi Ada',
    reply_to: { id: 12, text: 'hello all', sender_id: ADA.id, deleted: false, media_type: null },
  }),
  groupMessage(14, { sender_id: ME.id, sender: ME, text: 'see you there' }),
];

const messageWith = (text: string) => screen.getAllByTestId('message').find((m) => m.textContent?.includes(text))!;

afterEach(resetGroupTest);

describe('a group conversation', () => {
  it('shows the history with worded system lines, names and avatars on others’ messages, and reads it', async () => {
    signIn();
    const server = fakeGroupServer({ messages: history() });
    openGroup();
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    expect(await screen.findByText('You created the group "Trip"')).toBeInTheDocument();
    expect(screen.getByText('You added Ada and Ben')).toBeInTheDocument();
    expect(within(messageWith('hello all')).getByText('Ada')).toBeInTheDocument();
    // Ben's reply says whom it quotes.
    expect(within(messageWith('hi Ada')).getByText('Ben')).toBeInTheDocument();
    expect(messageWith('hi Ada')).toHaveTextContent(/Ada\s*hello all/);
    expect(messageWith('see you there')).toHaveAttribute('data-own', 'true');
    expect(screen.getByText('3 members')).toBeInTheDocument();
    await waitFor(() => expect(server.made('POST /api/chat/groups/5/read').map((c) => c.body)).toEqual([{ message_id: 13 }]));
  });

  it('says "Seen by N" under my newest message from how far the members have read', async () => {
    signIn();
    fakeGroupServer({
      messages: history(),
      reads: [
        { user_id: ADA.id, last_read_id: 14 },
        { user_id: BEN.id, last_read_id: 13 },
      ],
    });
    openGroup();
    await screen.findByText('see you there');
    // Ben read up to the message before mine: only Ada has seen it.
    expect(await within(messageWith('see you there')).findByText('Seen by 1')).toBeInTheDocument();
    expect(within(messageWith('see you there')).getByRole('img', { name: 'Read' })).toBeInTheDocument();
  });

  it('sends, reacts, edits and deletes my own messages', async () => {
    signIn();
    const server = fakeGroupServer({ messages: history() });
    openGroup();
    const box = await screen.findByRole('textbox', { name: 'Type a message' });
    await userEvent.type(box, 'on my way{Enter}');
    // What stays once the server has it: the message with its ✓ ('Sending…' goes at once).
    await waitFor(() => expect(within(messageWith('on my way')).getByRole('img', { name: 'Sent' })).toBeInTheDocument());
    expect(server.made('POST /api/chat/groups/5/send')[0]!.body).toEqual({ text: 'on my way', client_id: expect.any(String) });

    await userEvent.click(within(messageWith('hello all')).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'React 👍' }));
    expect(await within(messageWith('hello all')).findByRole('button', { name: '👍 1, yours' })).toBeInTheDocument();
    expect(server.made('POST /api/chat/groups/5/messages/12/reactions').map((c) => c.body)).toEqual([{ emoji: '1f44d' }]);

    // Another's message is not mine to delete: an admin removes it (below).
    await userEvent.click(within(messageWith('hello all')).getByRole('button', { name: 'Message actions' }));
    expect(screen.queryByRole('menuitem', { name: /Delete/ })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(messageWith('see you there')).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await userEvent.clear(box);
    await userEvent.type(box, 'see you at 8{Enter}');
    expect(await screen.findByText('see you at 8')).toBeInTheDocument();
    expect(server.made('PATCH /api/chat/groups/5/messages/14').map((c) => c.body)).toEqual([{ text: 'see you at 8' }]);

    await userEvent.click(within(messageWith('see you at 8')).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete for everyone' }));
    await waitFor(() => expect(server.made('DELETE /api/chat/groups/5/messages/14')).toHaveLength(1));
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
  });

  it("an admin removes another's message after a confirmation: 'Removed by an admin'", async () => {
    signIn();
    const server = fakeGroupServer({ messages: history() });
    openGroup();
    await screen.findByText('see you there');
    await userEvent.click(within(messageWith('hello all')).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove…' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove message?' });
    expect(ask).toHaveTextContent('It will be removed for everyone in the group, shown as removed by an admin.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.made('DELETE /api/chat/groups/5/messages/12')).toHaveLength(0);

    await userEvent.click(within(messageWith('hello all')).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove…' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.made('DELETE /api/chat/groups/5/messages/12')).toHaveLength(1));
    const removed = (await screen.findByText('Removed by an admin')).closest('li')!;
    expect(removed).toHaveAttribute('data-message-id', '12');
    expect(removed).not.toHaveTextContent('hello all');
    // Nothing is left to do with it.
    await userEvent.click(within(removed).getByRole('button', { name: 'Message actions' }));
    expect(screen.queryByRole('menuitem', { name: /Remove|Delete|Reply/ })).toBeNull();
  });

  it('keeps a message that could not go in the outbox, and sends it when retried', async () => {
    signIn();
    const server = fakeGroupServer({ messages: history(), fail: { 'POST /api/chat/groups/5/send': 503 } });
    openGroup();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Type a message' }), 'are we there yet{Enter}');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(outbox.all()).toEqual([expect.objectContaining({ group_id: 5, text: 'are we there yet', status: 'failed' })]);
    server.state.fail = {};
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(outbox.all()).toEqual([]));
    const [first, second] = server.made('POST /api/chat/groups/5/send');
    expect(second!.body).toEqual(first!.body);
    expect(screen.getAllByText('are we there yet')).toHaveLength(1);
  });

  it('says when the member is no longer in the group, and offers no composer', async () => {
    signIn();
    fakeGroupServer({ messages: history() });
    openGroup();
    await screen.findByText('see you there');
    act(() => groupState.setRemoved(5, true));
    expect(screen.getByText('You are no longer in this group.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Type a message' })).toBeNull();
    expect(screen.getByText('see you there')).toBeInTheDocument();
  });

  it('says the same after a reload, when the server answers 404', async () => {
    signIn();
    fakeGroupServer({ fail: { 'GET /api/chat/groups/5': 404, 'GET /api/chat/groups/5/messages': 404 } });
    openGroup();
    expect(await screen.findByText('You are no longer in this group.')).toBeInTheDocument();
  });
});

describe('the group info panel', () => {
  it('lists members with roles; an admin renames, adds and removes people', async () => {
    signIn();
    const server = fakeGroupServer({ messages: history() });
    openGroup();
    await userEvent.click(await screen.findByRole('button', { name: 'Group info' }));
    const panel = await screen.findByRole('dialog', { name: 'Group info' });
    const members = within(panel).getByRole('list', { name: 'Members' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/Me.*\(you\).*Admin/), expect.stringMatching(/Ada/), expect.stringMatching(/Ben/)]);

    const name = within(panel).getByRole('textbox', { name: 'Group name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Weekend{Enter}');
    await waitFor(() => expect(server.made('PATCH /api/chat/groups/5').map((c) => c.body)).toEqual([{ name: 'Weekend' }]));
    // The page behind the panel (hidden from screen readers while it is open) has the new name too.
    expect(await screen.findByRole('heading', { name: 'Weekend', hidden: true })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Add people' }));
    const add = await screen.findByRole('dialog', { name: 'Add people' });
    // Members are not offered again.
    expect(within(add).queryByRole('checkbox', { name: 'Ada' })).toBeNull();
    await userEvent.click(await within(add).findByRole('checkbox', { name: CY.name }));
    await userEvent.click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.made('POST /api/chat/groups/5/members').map((c) => c.body)).toEqual([{ user_ids: [CY.id] }]));
    expect(await within(members).findByText('Cy')).toBeInTheDocument();

    await userEvent.click(within(members).getByRole('button', { name: 'Remove Ben' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.made('DELETE /api/chat/groups/5/members/2')).toHaveLength(1));
    await waitFor(() => expect(within(members).queryByText('Ben')).toBeNull());
  });

  it('refuses a group picture over the group limit in the group’s words, before sending it', async () => {
    signIn();
    const server = fakeGroupServer({ messages: history() });
    const refused = vi.spyOn(toast, 'error');
    openGroup();
    await userEvent.click(await screen.findByRole('button', { name: 'Group info' }));
    const panel = await screen.findByRole('dialog', { name: 'Group info' });
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: CONVERSATION_LIMITS.groupAvatarMaxBytes + 1 });
    await userEvent.upload(within(panel).getByLabelText('Group picture file'), big);
    expect(refused).toHaveBeenCalledWith('A group picture is at most 5 MB.');
    expect(server.made('PATCH /api/chat/groups/5')).toHaveLength(0);
  });

  it('offers a member no admin tools, and leaving asks first, then goes back to the list', async () => {
    signIn();
    const server = fakeGroupServer({ messages: history(), group: group({ my_role: 'member' }) });
    const router = openGroup();
    await screen.findByText('see you there');
    // Nor Remove… on others' messages.
    await userEvent.click(within(messageWith('hello all')).getByRole('button', { name: 'Message actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Reply' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Remove|Delete/ })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await screen.findByRole('button', { name: 'Group info' }));
    const panel = await screen.findByRole('dialog', { name: 'Group info' });
    expect(within(panel).queryByRole('textbox', { name: 'Group name' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Add people' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /^Remove/ })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Leave group' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(server.made(`DELETE /api/chat/groups/5/members/${ME.id}`)).toHaveLength(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Leave group' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/private'));
    expect(server.made(`DELETE /api/chat/groups/5/members/${ME.id}`)).toHaveLength(1);
  });
});
