import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, openChat } from '../channels.test-support';

afterEach(() => vi.restoreAllMocks());

const channelNav = async () => within(await screen.findByRole('navigation', { name: 'Channels' }));
const sent = (requests: ReturnType<typeof fakeServer>['requests'], method: string, path: string) =>
  requests.filter(([m, p]) => m === method && p === path).map(([, , body]) => body);

describe('community channels for a member', () => {
  it('opens the first channel at the community address: # entries with unread badges, a muted look, the current one marked', async () => {
    const { requests } = fakeServer();
    openChat('/scan-chat/community/5');
    const nav = await channelNav();
    const links = nav.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['general', 'news, announcements, 3 unread', 'random, 2 unread, muted']);
    expect(nav.getByRole('link', { name: 'general' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: /^news/ })).not.toHaveAttribute('aria-current');
    expect(within(nav.getByRole('link', { name: /^news/ })).getByText('3')).toBeVisible();

    expect(await screen.findByText('hello general')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'general' })).toBeVisible();
    expect(screen.getByText('Anything hiking')).toBeVisible();
    expect(requests.map(([m, p]) => `${m} ${p}`)).toContain('GET /api/communities/5/channels/1/messages');
    expect(requests.map(([, p]) => p)).not.toContain('/api/communities/5/messages');
    await waitFor(() => expect(sent(requests, 'POST', '/api/communities/5/channels/1/read')).toEqual([{ message_id: 11 }]));
  });

  it('picking a channel opens it at its own address and reads it; announcements leave members a notice instead of a box', async () => {
    const { requests } = fakeServer();
    const { router } = openChat('/scan-chat/community/5');
    const nav = await channelNav();
    await userEvent.click(nav.getByRole('link', { name: /^news/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/community/5/2'));
    expect(await screen.findByText('the north trail is closed')).toBeVisible();
    expect(screen.getByText('Only moderators can post here')).toBeVisible();
    expect(screen.queryByPlaceholderText('Type a message')).toBeNull();
    await waitFor(() => expect(sent(requests, 'POST', '/api/communities/5/channels/2/read')).toEqual([{ message_id: 21 }]));
    // Read: its badge goes, the entry is the current one, and the community's count is the server's answer.
    await waitFor(() => expect(nav.getByRole('link', { name: 'news, announcements' })).toHaveAttribute('aria-current', 'page'));
    expect(await screen.findByRole('link', { name: 'Lagos Hikers, 2 unread' })).toBeVisible();
  });

  it("a reload at a channel's address stays in that channel", async () => {
    const { requests } = fakeServer();
    openChat('/scan-chat/community/5/3');
    expect(await screen.findByText('anyone seen my boots')).toBeVisible();
    expect((await channelNav()).getByRole('link', { name: /^random/ })).toHaveAttribute('aria-current', 'page');
    expect(requests.map(([, p]) => p)).not.toContain('/api/communities/5/channels/1/messages');
  });

  it('an address of a channel that is no longer there opens the first channel', async () => {
    fakeServer();
    const { router } = openChat('/scan-chat/community/5/99');
    expect(await screen.findByText('hello general')).toBeVisible();
    expect(router.state.location.pathname).toBe('/scan-chat/community/5');
  });

  it('a message is sent to the open channel and shown in it', async () => {
    const { requests } = fakeServer();
    openChat('/scan-chat/community/5/3');
    await screen.findByText('anyone seen my boots');
    await userEvent.type(screen.getByPlaceholderText('Type a message'), 'found them{Enter}');
    // The bubble shown while sending is replaced by the stored message once answered: waited for until it stays.
    await waitFor(() => expect(screen.getByText('found them')).toBeVisible());
    const [body] = sent(requests, 'POST', '/api/communities/5/channels/3/send') as { text: string; client_id: string }[];
    expect(body).toEqual({ text: 'found them', client_id: expect.any(String) });
    expect(requests.map(([, p]) => p)).not.toContain('/api/communities/5/send');
  });

  it('a moderator writes in an announcements channel', async () => {
    fakeServer({ community: { my_role: 'moderator' } });
    openChat('/scan-chat/community/5/2');
    expect(await screen.findByText('the north trail is closed')).toBeVisible();
    expect(screen.getByPlaceholderText('Type a message')).toBeVisible();
    expect(screen.queryByText('Only moderators can post here')).toBeNull();
  });

  it('a member mutes a channel from its options, and can do nothing an admin does', async () => {
    const { requests } = fakeServer();
    openChat('/scan-chat/community/5');
    const nav = await channelNav();
    expect(nav.queryByRole('button', { name: 'Add a channel' })).toBeNull();
    await userEvent.click(nav.getByRole('button', { name: 'news: channel options' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Mute channel']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mute channel' }));
    await waitFor(() => expect(sent(requests, 'PUT', '/api/communities/5/channels/2/mute')).toEqual([{ muted: true }]));
    expect(await nav.findByRole('link', { name: 'news, announcements, 3 unread, muted' })).toBeVisible();
  });

  it('works by keyboard: Enter on a channel opens it, Enter on its options opens the menu and Escape closes it', async () => {
    const { requests } = fakeServer();
    const { router } = openChat('/scan-chat/community/5');
    const nav = await channelNav();
    nav.getByRole('link', { name: /^random/ }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/community/5/3'));
    await userEvent.tab();
    expect(nav.getByRole('button', { name: 'random: channel options' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Unmute channel' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(nav.getByRole('button', { name: 'random: channel options' })).toHaveFocus();
    expect(requests.filter(([m]) => m === 'PUT')).toEqual([]);
  });

  it('on a phone the channels open in a drawer, which closes once a channel is picked', async () => {
    fakeServer();
    const { router } = openChat('/scan-chat/community/5');
    await screen.findByText('hello general');
    await userEvent.click(screen.getByRole('button', { name: 'Channels: general, 3 unread elsewhere' }));
    const drawer = await screen.findByRole('dialog', { name: 'Channels' });
    await userEvent.click(within(drawer).getByRole('link', { name: /^random/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/community/5/3'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Channels' })).toBeNull());
  });

  it('a channel list that fails to load says so with Retry, and never falls back to the community-wide calls', async () => {
    const { requests, recover } = fakeServer({ channelsStatus: 500 });
    openChat('/scan-chat/community/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.queryByPlaceholderText('Type a message')).toBeNull();
    recover();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('hello general')).toBeVisible();
    expect(requests.map(([, p]) => p)).not.toContain('/api/communities/5/messages');
  });
});
