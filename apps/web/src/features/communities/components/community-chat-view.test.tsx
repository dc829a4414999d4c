import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, openChat } from '../channels.test-support';
import { aMessage } from '../test-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const box = () => screen.getByPlaceholderText('Type a message');
const sent = (requests: ReturnType<typeof fakeServer>['requests'], method: string, path: string) =>
  requests.filter(([m, p]) => m === method && p === path).map(([, , body]) => body);

/** Opens the actions menu of the message showing `text`, as the ⋮ beside it does for a mouse or a keyboard. */
async function menuOf(text: string) {
  const message = (await screen.findByText(text)).closest('li')!;
  await userEvent.click(within(message).getByRole('button', { name: 'Message actions' }));
  return within(await screen.findByRole('menu', { name: 'Message actions' }));
}

describe('community chat on the shared conversation', () => {
  it('sends trimmed text to the open channel; blank text is not sent', async () => {
    const { requests } = fakeServer();
    openChat('/scan-chat/community/5');
    await screen.findByText('hello general');
    await userEvent.type(box(), '   {Enter}');
    await userEvent.type(box(), '  Hello tribe  {Enter}');
    // The bubble shown while sending is replaced by the stored message once answered: waited for until it stays.
    await waitFor(() => expect(screen.getByText('Hello tribe')).toBeVisible());
    expect(sent(requests, 'POST', '/api/communities/5/channels/1/send')).toEqual([{ text: 'Hello tribe', client_id: expect.any(String) }]);
  });

  it("shows each sender's name, and their avatar opens the member's actions", async () => {
    fakeServer();
    openChat('/scan-chat/community/5');
    const message = (await screen.findByText('hello general')).closest('li')!;
    expect(message).toHaveTextContent('Bob Stone');
    await userEvent.click(within(message).getByRole('button', { name: 'Bob Stone: actions' }));
    expect(await screen.findByRole('dialog', { name: 'Bob Stone' })).toBeVisible();
  });

  it('a reply quotes the message and sends its id; Escape takes it back', async () => {
    const { requests } = fakeServer();
    openChat('/scan-chat/community/5');
    const menu = await menuOf('hello general');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Reply' }));
    expect(screen.getByText('Replying to: hello general')).toBeVisible();
    await userEvent.type(box(), 'Me!{Enter}');
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/communities/5/channels/1/send')).toEqual([
        { text: 'Me!', client_id: expect.any(String), reply_to: 11 },
      ]),
    );
    await userEvent.click((await menuOf('hello general')).getByRole('menuitem', { name: 'Reply' }));
    await userEvent.type(box(), '{Escape}');
    expect(screen.queryByText(/Replying to/)).toBeNull();
  });

  it('Report… on a message opens the report about its sender, and sends the message with it', async () => {
    const { requests } = fakeServer();
    openChat('/scan-chat/community/5');
    const menu = await menuOf('hello general');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Report…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bob Stone' });
    const panel = within(dialog).getByRole('group', { name: 'Confirm' });
    expect(panel).toHaveTextContent('The user will not be notified');
    await userEvent.click(within(panel).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/communities/5/reports')).toEqual([{ reason: 'Spam', user_id: 2, message_id: 11 }]),
    );
  });

  it("a member can neither remove nor pin another's message", async () => {
    fakeServer();
    openChat('/scan-chat/community/5');
    const menu = await menuOf('hello general');
    expect(menu.queryByRole('menuitem', { name: /Remove|Delete|Pin/ })).toBeNull();
  });

  it("a moderator removes another's message after a confirmation: 'Removed by a moderator' for all", async () => {
    const { requests } = fakeServer({ community: { my_role: 'moderator', my_rights: ['post', 'remove_message'] } });
    openChat('/scan-chat/community/5');
    const menu = await menuOf('hello general');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Remove…' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove message?' });
    expect(ask).toHaveTextContent('recorded in the audit log');
    await userEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed by a moderator')).toBeVisible();
    expect(sent(requests, 'DELETE', '/api/communities/5/messages/11')).toHaveLength(1);
  });

  it('a moderator pins a message', async () => {
    const { requests } = fakeServer({ community: { my_role: 'moderator', my_rights: ['post', 'remove_message'] } });
    openChat('/scan-chat/community/5');
    const menu = await menuOf('hello general');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(sent(requests, 'PUT', '/api/communities/5/messages/11/pin')).toEqual([{ pinned: true }]));
  });

  it('one deletes one own message for everyone, and edits it', async () => {
    const { requests } = fakeServer({ messages: { 1: [aMessage({ id: 12, text: 'my plan', sender_id: 99 })] } });
    openChat('/scan-chat/community/5');
    await userEvent.click((await menuOf('my plan')).getByRole('menuitem', { name: 'Edit' }));
    expect(box()).toHaveValue('my plan');
    await userEvent.type(box(), ' B{Enter}');
    await waitFor(() => expect(sent(requests, 'PATCH', '/api/communities/5/messages/12')).toEqual([{ text: 'my plan B' }]));
    await userEvent.click((await menuOf('my plan')).getByRole('menuitem', { name: 'Delete…' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete message?' })).getByRole('button', { name: 'Delete for everyone' }),
    );
    expect(await screen.findByText('Message deleted')).toBeVisible();
  });

  it('in an announcements channel a member reacts but has no Reply, and a notice stands for the composer', async () => {
    fakeServer();
    openChat('/scan-chat/community/5/2');
    const menu = await menuOf('the north trail is closed');
    expect(menu.getByRole('menuitemcheckbox', { name: 'React 👍' })).toBeVisible();
    expect(menu.queryByRole('menuitem', { name: 'Reply' })).toBeNull();
    expect(screen.getByText('Only moderators can post here')).toBeVisible();
  });

  it('a timed-out member sees why instead of a box', async () => {
    fakeServer({ community: { timeout_until: new Date(Date.now() + 3_600_000).toISOString() } });
    openChat('/scan-chat/community/5');
    expect(await screen.findByText(/A moderator timed you out/)).toBeVisible();
    expect(screen.queryByPlaceholderText('Type a message')).toBeNull();
  });
});

describe('pinned messages in a channel', () => {
  const pinned = (id: number, text: string) => aMessage({ id, text, pinned: true });

  it('the bar shows the latest pin; a tap on one the history holds brings it into view, without asking the server', async () => {
    const { requests } = fakeServer({ messages: { 1: [pinned(8, 'meet at the gate'), aMessage({ id: 11, text: 'hello general' })] } });
    openChat('/scan-chat/community/5');
    const bar = await screen.findByRole('region', { name: 'Pinned messages' });
    await screen.findByText('hello general');
    await userEvent.click(within(bar).getByRole('button', { name: /Pinned message\s*meet at the gate/ }));
    const message = screen.getAllByTestId('message').find((m) => m.textContent?.includes('meet at the gate'));
    await waitFor(() => expect(message).toHaveFocus());
    expect(requests.filter(([, p]) => p === '/api/communities/5/channels/1/messages')).toHaveLength(1);
  });

  it('a pin older than the history loads the page around it, lists every pin, and goes back to the latest', async () => {
    const { fetchMock } = fakeServer({
      messages: { 1: [pinned(11, 'hello general')] },
      older: { 1: [pinned(3, 'rules: be kind'), aMessage({ id: 4, text: 'agreed' })] },
    });
    openChat('/scan-chat/community/5');
    const bar = await screen.findByRole('region', { name: 'Pinned messages' });
    await screen.findByText('hello general');
    await userEvent.click(within(bar).getByRole('button', { name: 'All 2 pinned messages' }));
    const list = await screen.findByRole('dialog', { name: 'Pinned messages' });
    await userEvent.click(within(list).getByRole('button', { name: /rules: be kind/ }));
    expect(await screen.findByText('agreed')).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/communities/5/channels/1/messages?limit=30&around=3');
    await userEvent.click(screen.getByRole('button', { name: 'Back to the latest messages' }));
    expect(await screen.findByText('hello general')).toBeVisible();
    expect(screen.queryByText('agreed')).toBeNull();
  });
});
