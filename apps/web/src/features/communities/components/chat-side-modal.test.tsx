import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import { aCommunity, aMessage } from '../test-fixtures';
import { ChatSideModal, type SideModalTarget } from './chat-side-modal';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderModal(target: SideModalTarget, community = aCommunity()) {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Where />
            <ChatSideModal community={community} target={target} me={1} onClose={onClose} />
          </>
        ),
      },
    ],
    { initialEntries: ['/scan-chat/community/5'] },
  );
  renderInApp(<RouterProvider router={router} />);
  return { onClose };
}

const calls = (mock: { mock: { calls: unknown[][] } }) =>
  mock.mock.calls.map(([url, init]) => [String(url), (init as RequestInit | undefined)?.method, (init as RequestInit | undefined)?.body]);

afterEach(() => vi.restoreAllMocks());

describe('community chat side modal', () => {
  it("Report asks first, says the member is not told, and sends the member and their message to the admins' queue", async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => Response.json({ id: 1, status: 'open' }, { status: 201 }));
    const message = aMessage();
    const { onClose } = renderModal({ user: message.sender, message });

    const dialog = await screen.findByRole('dialog', { name: 'Bob Stone' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    const panel = within(dialog).getByRole('group', { name: 'Confirm' });
    expect(panel).toHaveTextContent('The user will not be notified');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.selectOptions(within(panel).getByLabelText('Reason'), 'Spam');
    await userEvent.click(within(panel).getByRole('button', { name: 'Report' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls(fetchMock)).toEqual([
      ['/api/communities/5/reports', 'POST', JSON.stringify({ reason: 'Spam', user_id: 2, message_id: 70 })],
    ]);
  });

  it('Cancel leaves the panel without calling the server, and Report is not offered about oneself', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderModal({ user: { id: 1, name: 'Me', username: 'me', avatar: null } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Report' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear chat' }));
    expect(within(dialog).getByRole('group', { name: 'Confirm' })).toHaveTextContent('This is not recoverable');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('group', { name: 'Confirm' })).toBeNull();
    expect(within(dialog).getByRole('list', { name: 'Chat actions' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Exit says access is lost and only the admin is told, leaves, and goes back to the community list', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ community_id: 5, status: null }));
    renderModal({});
    const dialog = await screen.findByRole('dialog', { name: 'Lagos Hikers' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exit' }));
    expect(within(dialog).getByRole('group', { name: 'Confirm' })).toHaveTextContent(
      'You will lose access to this group. Only the admin will be notified.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exit group' }));
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/scan-chat\/community$/));
    expect(calls(fetchMock)[0]?.slice(0, 2)).toEqual(['/api/communities/5/leave', 'POST']);
  });

  it("an owner's Exit keeps the panel open with the server's reason", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ code: 'OWNER_MUST_TRANSFER', msg: 'Hand the community over to another member first.' }, { status: 409 }),
    );
    renderModal({}, aCommunity({ my_role: 'owner' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exit group' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Hand the community over to another member first.');
    expect(screen.getByTestId('where')).toHaveTextContent('/scan-chat/community/5');
  });

  it('Mute sends the chosen duration as an end time', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ muted: true, muted_until: null }));
    renderModal({});
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await userEvent.click(within(dialog).getByLabelText('8 hours'));
    const before = Date.now();
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Confirm' })).getByRole('button', { name: 'Mute' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/communities/5/mute');
    const body = JSON.parse(String(init?.body)) as { muted: boolean; until: string };
    expect(body.muted).toBe(true);
    const hours = (Date.parse(body.until) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThan(8.1);
  });

  it('a muted group offers Unmute, which turns it back on at once', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ muted: false, muted_until: null }));
    renderModal({}, aCommunity({ muted: true, muted_until: null }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Mute' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unmute' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ muted: false });
  });

  it("says until when the group is muted, the way the member's locale writes it", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    const nextYear = new Date().getFullYear() + 1;
    renderModal({}, aCommunity({ muted: true, muted_until: new Date(nextYear, 0, 5, 19, 57).toISOString() }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`until 05.01.${nextYear}, 19:57`)).toBeVisible();
  });
});
