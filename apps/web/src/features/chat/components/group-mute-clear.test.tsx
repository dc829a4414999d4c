import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import {
  ChatsCounter,
  fakeGroupServer,
  group,
  groupMessage,
  openRoutes,
  resetGroupTest,
  signIn,
  type FakeGroupServer,
} from './group.test-support';
import { PrivateChatPage } from './private-chat-page';

const openGroup = () =>
  openRoutes(
    [
      {
        path: '/scan-chat/private/group/:groupId',
        element: (
          <>
            <ChatsCounter />
            <PrivateChatPage />
          </>
        ),
      },
    ],
    '/scan-chat/private/group/5',
  );

const history = () => [groupMessage(12, { text: 'hello all' }), groupMessage(13, { text: 'who brings the map?' })];

/** Signs in, opens group 5 against a fake server (two messages, and `server`'s changes) and then its info panel. */
async function openInfo(server: Partial<FakeGroupServer> = {}) {
  signIn();
  const fake = fakeGroupServer({ messages: history(), ...server });
  openGroup();
  await screen.findByText('who brings the map?');
  await userEvent.click(screen.getByRole('button', { name: 'Group info' }));
  return { server: fake, panel: await screen.findByRole('dialog', { name: 'Group info' }) };
}

afterEach(resetGroupTest);

describe('the group info panel: mute and Clear chat', () => {
  it('mutes the group for a while, for me only, and unmutes it; the list and the Chats counter follow', async () => {
    const said = vi.spyOn(toast, 'success');
    // Any member may, not only admins.
    const { server, panel } = await openInfo({ group: group({ my_role: 'member' }) });

    await userEvent.click(within(panel).getByRole('button', { name: 'Mute' }));
    const choices = within(panel).getByRole('group', { name: 'Mute Trip' });
    expect(choices).toHaveTextContent('No notifications from this group meanwhile, and it leaves your Chats count.');
    expect(within(choices).getByRole('radio', { name: '1 hour' })).toBeChecked();
    await userEvent.click(within(choices).getByRole('radio', { name: '8 hours' }));
    const before = Date.now();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(server.made('PUT /api/chat/groups/5/mute')).toHaveLength(1));
    const body = server.made('PUT /api/chat/groups/5/mute')[0]!.body as { muted: boolean; until: string };
    expect(body.muted).toBe(true);
    expect(Date.parse(body.until) - before).toBeGreaterThanOrEqual(8 * 3600_000 - 1000);
    expect(Date.parse(body.until) - before).toBeLessThan(8 * 3600_000 + 60_000);
    expect(said).toHaveBeenCalledWith('Group muted');
    // The panel now offers the way back, and the list shows the group as muted.
    const unmute = await within(panel).findByRole('button', { name: /^Unmute/ });
    expect(within(panel).queryByRole('group', { name: 'Mute Trip' })).toBeNull();
    expect(await screen.findByRole('button', { name: /^Trip.*muted/, hidden: true })).toBeInTheDocument();
    // The header's Chats count is asked again: the server leaves muted groups out of it.
    const mutedAt = server.calls.findIndex((c) => c.call === 'PUT /api/chat/groups/5/mute');
    await waitFor(() => expect(server.calls.slice(mutedAt).map((c) => c.call)).toContain('GET /api/chat/unread-count'));

    await userEvent.click(unmute);
    await waitFor(() => expect(server.made('PUT /api/chat/groups/5/mute').map((c) => c.body)).toEqual([body, { muted: false }]));
    expect(said).toHaveBeenCalledWith('Group unmuted');
    expect(await within(panel).findByRole('button', { name: 'Mute' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Trip/, hidden: true })).not.toHaveAccessibleName(/muted/));
  });

  it('mutes until turned back on, and a cancelled choice sends nothing', async () => {
    const { server, panel } = await openInfo();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mute' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('group', { name: 'Mute Trip' })).toBeNull();
    expect(server.made('PUT /api/chat/groups/5/mute')).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Mute' }));
    await userEvent.click(within(panel).getByRole('radio', { name: 'Until I turn it back on' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(server.made('PUT /api/chat/groups/5/mute').map((c) => c.body)).toEqual([{ muted: true }]));
  });

  it('says why when the mute is refused, and keeps the choice open', async () => {
    const refused = vi.spyOn(toast, 'error');
    const { panel } = await openInfo({ fail: { 'PUT /api/chat/groups/5/mute': 429 } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mute' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(refused).toHaveBeenCalledWith('Not allowed'));
    expect(within(panel).getByRole('group', { name: 'Mute Trip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Trip/, hidden: true })).not.toHaveAccessibleName(/muted/);
  });

  it('Clear chat asks first, then empties the history for me only, and I can write on', async () => {
    const said = vi.spyOn(toast, 'success');
    const { server, panel } = await openInfo({ group: group({ my_role: 'member' }) });

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear chat' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Clear chat?' });
    expect(ask).toHaveTextContent('The history up to now is cleared for you only. This is not recoverable.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.made('POST /api/chat/groups/5/clear')).toHaveLength(0);
    expect(screen.getByText('hello all')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear chat' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear chat' }));
    await waitFor(() => expect(server.made('POST /api/chat/groups/5/clear')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('hello all')).toBeNull());
    expect(screen.queryByText('who brings the map?')).toBeNull();
    expect(said).toHaveBeenCalledWith('Chat cleared');
    // The panel closes on the emptied conversation, which goes on.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Group info' })).toBeNull());
    await userEvent.type(screen.getByRole('textbox', { name: 'Type a message' }), 'fresh start{Enter}');
    await waitFor(() => expect(server.made('POST /api/chat/groups/5/send')).toHaveLength(1));
    expect(await screen.findByText('fresh start')).toBeInTheDocument();
  });

  it('says why when Clear chat fails, and keeps the history', async () => {
    const refused = vi.spyOn(toast, 'error');
    const { panel } = await openInfo({ fail: { 'POST /api/chat/groups/5/clear': 500 } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear chat' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear chat' }));
    await waitFor(() => expect(refused).toHaveBeenCalledWith('Not allowed'));
    expect(screen.getByText('hello all')).toBeInTheDocument();
  });
});
