import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@tribeverse/shared';
import { group, groupMessage, openRoutes, signIn } from './group.test-support';
import { PrivateChatPage } from './private-chat-page';

/** Group 5 with two messages, the first pinned; `role` is the member's. */
function fakeServer(role: Group['my_role']) {
  let pins = [groupMessage(12, { text: 'address: 1 Main St', pinned: true })];
  const history = [pins[0]!, groupMessage(13, { text: 'see you' })];
  const puts: Array<{ path: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const path = url.pathname;
    if (path === '/api/chat/groups/5') return Response.json(group({ my_role: role }));
    if (path === '/api/chat/groups/5/messages') return Response.json(history);
    if (path === '/api/chat/groups/5/pins') return Response.json({ pins });
    if (path === '/api/chat/groups/5/reads') return Response.json({ reads: [] });
    if (path === '/api/chat/groups/5/read') return Response.json({ unread: 0 });
    const pin = /^\/api\/chat\/groups\/5\/messages\/(\d+)\/pin$/.exec(path);
    if (pin && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { pinned: boolean };
      puts.push({ path, body });
      const changed = { ...history.find((m) => m.id === Number(pin[1]))!, pinned: body.pinned };
      pins = body.pinned ? [changed, ...pins] : pins.filter((m) => m.id !== changed.id);
      return Response.json(changed);
    }
    if (path === '/api/chat/groups') return Response.json({ groups: [] });
    if (path === '/api/chat/conversations') return Response.json({ conversations: [] });
    if (path === '/api/chat/users') return Response.json({ users: [], next_offset: null });
    return Response.json({});
  });
  return puts;
}

function openGroup() {
  signIn();
  openRoutes([{ path: '/scan-chat/private/group/:groupId', element: <PrivateChatPage /> }], '/scan-chat/private/group/5');
}
const bubbleWith = (text: string) => screen.getAllByTestId('message').find((m) => m.textContent?.includes(text))!;
const menuOf = async (text: string) => {
  await userEvent.click(within(bubbleWith(text)).getByRole('button', { name: 'Message actions' }));
  return within(await screen.findByRole('menu', { name: 'Message actions' }));
};

afterEach(() => vi.restoreAllMocks());

describe('pins in a group', () => {
  it('shows the latest pin to every member; only admins are offered Pin and Unpin', async () => {
    fakeServer('member');
    openGroup();
    const bar = await screen.findByRole('region', { name: 'Pinned messages' });
    expect(within(bar).getByRole('button', { name: /Pinned message\s*address: 1 Main St/ })).toBeInTheDocument();
    await screen.findByText('see you');
    const menu = await menuOf('see you');
    expect(menu.queryByRole('menuitem', { name: /pin/i })).toBeNull();
    expect(menu.getByRole('menuitem', { name: 'Forward…' })).toBeInTheDocument();
  });

  it('lets an admin unpin, and the bar goes when nothing is pinned', async () => {
    const puts = fakeServer('admin');
    openGroup();
    await screen.findByRole('region', { name: 'Pinned messages' });
    await screen.findByText('see you');
    await userEvent.click((await menuOf('address: 1 Main St')).getByRole('menuitem', { name: 'Unpin' }));
    await waitFor(() => expect(puts).toEqual([{ path: '/api/chat/groups/5/messages/12/pin', body: { pinned: false } }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pinned messages' })).toBeNull());
  });
});
