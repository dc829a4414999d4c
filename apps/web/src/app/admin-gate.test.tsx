import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '@tribeverse/shared';
import { storeSession } from '../lib/storage';
import { renderInApp } from '../test-render';
import { RequireStaff } from './guards';
import { Sidebar } from './layouts/sidebar';

const member = (role: User['instance_role']) =>
  ({ id: 1, email: 'ada@example.com', username: 'ada', profile_completed: true, instance_role: role }) as User;

/** /admin behind its guard, beside the sidebar, as whoever is signed in (nobody with `null`). */
function renderAt(who: User | null) {
  if (who) storeSession('token', who);
  const router = createMemoryRouter(
    [
      {
        path: '/admin/:tab?',
        element: (
          <>
            <Sidebar open onClose={() => {}} />
            <RequireStaff>
              <p>admin area</p>
            </RequireStaff>
          </>
        ),
      },
    ],
    { initialEntries: ['/admin'] },
  );
  renderInApp(<RouterProvider router={router} />);
}

describe('the admin area is hidden from everyone without an instance role', () => {
  it.each([
    ['a member', member(null)],
    ['a visitor', null],
  ])('shows %s the Not found of an unknown address, and no link to it', (_who, who) => {
    renderAt(who);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('admin area')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it.each(['admin', 'moderator'] as const)('opens for a %s, with a link in the main menu', (role) => {
    renderAt(member(role));
    expect(screen.getByText('admin area')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});
