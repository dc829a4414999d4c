import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import { ChatSidebar } from './chat-sidebar';
import { ADA, fakeGroupServer, groupMessage, listItem, signIn } from './group.test-support';

function sidebar() {
  const router = createMemoryRouter(
    [
      { path: '/scan-chat/private', element: <ChatSidebar activePeerId={null} /> },
      { path: '/scan-chat/private/group/:groupId', element: <p>group page</p> },
      { path: '/chat/:id', element: <p>entry</p> },
    ],
    { initialEntries: ['/scan-chat/private'] },
  );
  renderInApp(<RouterProvider router={router} />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('the chat list with groups', () => {
  it('shows groups beside direct chats with their initials, last line and unread count', async () => {
    signIn();
    fakeGroupServer({
      groups: [listItem({ name: 'Book club', unread: 4, last_message: groupMessage(9, { text: 'chapter 3?', sender: ADA }) })],
    });
    sidebar();
    const row = await screen.findByRole('button', { name: /Book club/ });
    expect(within(row).getByRole('img', { name: 'Book club' })).toHaveTextContent('BC');
    expect(row).toHaveTextContent('Ada: chapter 3?');
    expect(within(row).getByLabelText('4 unread')).toHaveTextContent('4');
  });
});

describe('New group', () => {
  it('asks for a name and at least two people, creates the group and opens it', async () => {
    signIn();
    const server = fakeGroupServer({ groups: [] });
    const router = sidebar();
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('Give the group a name')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Group name' }), 'Trip');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ada' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('Pick at least two people')).toBeInTheDocument();
    expect(server.made('POST /api/chat/groups')).toHaveLength(0);

    // Searching narrows the people; who is picked stays picked.
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search people' }), 'be');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ben' }));
    expect(within(dialog).getByRole('list', { name: 'Picked' })).toHaveTextContent(/Ada.*Ben/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/private/group/6'));
    expect(server.made('POST /api/chat/groups').map((c) => c.body)).toEqual([{ name: 'Trip', member_ids: [1, 2] }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a picked person back out from the chips, by keyboard', async () => {
    signIn();
    fakeGroupServer({ groups: [] });
    sidebar();
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ada' }));
    within(dialog).getByRole('button', { name: 'Remove Ada' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(dialog).getByRole('checkbox', { name: 'Ada' })).not.toBeChecked();
  });
});
