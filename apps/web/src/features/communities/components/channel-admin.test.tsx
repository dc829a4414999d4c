import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, openChat } from '../channels.test-support';

afterEach(() => vi.restoreAllMocks());

const admin = { community: { my_role: 'admin' as const } };
const channelNav = async () => within(await screen.findByRole('navigation', { name: 'Channels' }));
const names = (nav: Awaited<ReturnType<typeof channelNav>>) => nav.getAllByRole('link').map((l) => l.textContent?.replace(/\d+$/, ''));
const sent = (requests: ReturnType<typeof fakeServer>['requests'], method: string, path: string) =>
  requests.filter(([m, p]) => m === method && p === path).map(([, , body]) => body);

async function options(nav: Awaited<ReturnType<typeof channelNav>>, channel: string) {
  await userEvent.click(nav.getByRole('button', { name: `${channel}: channel options` }));
  const menu = await screen.findByRole('menu');
  return {
    menu: within(menu),
    items: within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  };
}

describe('community channels for an admin', () => {
  it('adds a channel with a topic and a kind; its name is written as it will show, and it opens', async () => {
    const { requests } = fakeServer(admin);
    const { router } = openChat('/scan-chat/community/5');
    const nav = await channelNav();
    await userEvent.click(nav.getByRole('button', { name: 'Add a channel' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New channel' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create channel' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Give the channel a name');
    await userEvent.type(dialog.getByLabelText('Name'), 'Trail Reports');
    expect(dialog.getByText('#trail-reports')).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Topic (optional)'), 'Where we hiked');
    await userEvent.click(dialog.getByLabelText(/Announcements/));
    await userEvent.click(dialog.getByRole('button', { name: 'Create channel' }));

    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/communities/5/channels')).toEqual([
        { name: 'trail-reports', topic: 'Where we hiked', kind: 'announcements' },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/community/5/4'));
    expect(screen.queryByRole('dialog', { name: 'New channel' })).toBeNull();
    await waitFor(() => expect(nav.getByRole('link', { name: 'trail-reports, announcements' })).toHaveAttribute('aria-current', 'page'));
    // An admin writes in announcements.
    expect(screen.getByPlaceholderText('Type a message')).toBeVisible();
  });

  it('edits a channel, sending only what changed', async () => {
    const { requests } = fakeServer(admin);
    openChat('/scan-chat/community/5/2');
    const nav = await channelNav();
    const { menu } = await options(nav, 'news');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Edit channel' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit #news' }));
    expect(dialog.getByLabelText('Name')).toHaveValue('news');
    expect(dialog.getByLabelText(/Announcements/)).toBeChecked();
    await userEvent.clear(dialog.getByLabelText('Topic (optional)'));
    await userEvent.type(dialog.getByLabelText('Topic (optional)'), 'Closures and permits');
    await userEvent.click(dialog.getByLabelText(/Text/));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent(requests, 'PATCH', '/api/communities/5/channels/2')).toEqual([{ topic: 'Closures and permits', kind: 'text' }]),
    );
    expect(await screen.findByText('Closures and permits')).toBeVisible();
    expect(await screen.findByPlaceholderText('Type a message')).toBeVisible();
  });

  it('moves channels up and down; the first channel stays first and cannot be deleted', async () => {
    const { requests } = fakeServer(admin);
    openChat('/scan-chat/community/5');
    const nav = await channelNav();

    const first = await options(nav, 'general');
    expect(first.items).toEqual(['Edit channel', 'Mute channel']);
    await userEvent.keyboard('{Escape}');
    const second = await options(nav, 'news');
    expect(second.items).toEqual(['Edit channel', 'Move down', 'Mute channel', 'Delete channel']);
    await userEvent.keyboard('{Escape}');

    const last = await options(nav, 'random');
    expect(last.items).toEqual(['Edit channel', 'Move up', 'Unmute channel', 'Delete channel']);
    await userEvent.click(last.menu.getByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(sent(requests, 'PATCH', '/api/communities/5/channels/3')).toEqual([{ position: 1 }]));
    await waitFor(() => expect(names(nav)).toEqual(['general', 'random', 'news']));

    const moved = await options(nav, 'random');
    await userEvent.click(moved.menu.getByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(sent(requests, 'PATCH', '/api/communities/5/channels/3')).toEqual([{ position: 1 }, { position: 2 }]));
    await waitFor(() => expect(names(nav)).toEqual(['general', 'news', 'random']));
  });

  it('deletes the open channel after a confirmation, and goes to the first channel', async () => {
    const { requests } = fakeServer(admin);
    const { router } = openChat('/scan-chat/community/5/3');
    const nav = await channelNav();
    await screen.findByText('anyone seen my boots');
    const { menu } = await options(nav, 'random');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Delete channel' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete #random' }));
    expect(dialog.getByText(/Its messages are deleted for everyone/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sent(requests, 'DELETE', '/api/communities/5/channels/3')).toEqual([]);

    await userEvent.click((await options(nav, 'random')).menu.getByRole('menuitem', { name: 'Delete channel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete #random' })).getByRole('button', { name: 'Delete channel' }),
    );
    await waitFor(() => expect(sent(requests, 'DELETE', '/api/communities/5/channels/3')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/community/5'));
    expect(await screen.findByText('hello general')).toBeVisible();
    expect(names(nav)).toEqual(['general', 'news']);
  });
});
