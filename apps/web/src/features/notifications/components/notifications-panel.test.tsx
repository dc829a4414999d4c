import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationsPage, User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { NotificationsPanel } from './notifications-panel';
import { renderInApp } from '../../../test-render';

const page: NotificationsPage = {
  notifications: [
    {
      id: 7,
      kind: 'like',
      payload: { post_id: 42, actor_id: 2, username: 'bob', name: 'Bob' },
      read: false,
      created_at: '2025-03-01T10:00:00Z',
      preview: 'Sunrise over the harbour this morning',
    },
    {
      id: 6,
      kind: 'mention',
      payload: { post_id: 40, actor_id: 3, username: 'cy', name: 'Cy' },
      read: true,
      created_at: '2025-03-01T09:00:00Z',
      preview: null,
    },
  ],
  page: 1,
  limit: 10,
  has_more: false,
  unreadCount: 1,
};

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{pathname + search + hash}</p>;
}

function renderPanel(onOpenChange = vi.fn()) {
  storeSession('token', { id: 1, email: 'ann@example.com', username: 'ann', full_name: 'Ann' } as User);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Where />
            <NotificationsPanel open onOpenChange={onOpenChange} />
          </>
        ),
      },
    ],
    { initialEntries: ['/profile'] },
  );
  renderInApp(<RouterProvider router={router} />);
  return { onOpenChange };
}

afterEach(() => vi.restoreAllMocks());

describe('notifications panel', () => {
  it('a click on a notification about a post opens the feed at that post, marks it read and closes the list', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/notifications?')) return Response.json(page);
      if (url === '/api/notifications/7/read' && init?.method === 'POST')
        return Response.json({ message: 'Notification marked as read', unreadCount: 0 });
      return Response.json({ code: 'NOT_FOUND', msg: 'Not found' }, { status: 404 });
    });
    const { onOpenChange } = renderPanel();

    const like = await screen.findByRole('link', { name: /@bob liked your post/ });
    expect(like).toHaveAccessibleName(/unread/);
    // It says which post: the start of its text.
    expect(like).toHaveTextContent('“Sunrise over the harbour this morning”');
    await userEvent.click(like);

    expect(screen.getByTestId('where')).toHaveTextContent('/home?author=ann#post-42');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/7/read', expect.objectContaining({ method: 'POST' }));
  });

  it('a notification already read is followed without asking the server again', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(page));
    renderPanel();
    await userEvent.click(await screen.findByRole('link', { name: /@cy mentioned you/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/home?author=cy#post-40');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/read'))).toHaveLength(0);
  });

  it("says when each happened the way the member's locale writes it, as everywhere else in the app", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const evening = new Date(2025, 2, 1, 19, 57).toISOString();
    const one = { ...page, notifications: [{ ...page.notifications[0]!, created_at: evening }] };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(one));
    renderPanel();
    const like = await screen.findByRole('link', { name: /@bob liked your post/ });
    expect(like).toHaveTextContent('1 Mar 2025, 19:57');
  });
});
