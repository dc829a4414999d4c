import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { readStoredUser, storeSession } from '../../../lib/storage';
import { SetupProfilePage } from './setup-profile-page';
import { noRetryClient, renderInApp } from '../../../test-render';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('set up profile', () => {
  it('moves on when the profile was already set up on another device', async () => {
    const stale = { id: 3, email: 'ada@example.test', profile_completed: false, username: null, interests: [] } as unknown as User;
    const fresh = { ...stale, profile_completed: true, username: 'ada' };
    storeSession('token', stale);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/auth/me' ? json(fresh) : json({ id: 3, email: 'ada@example.test' }))),
    );
    const router = createMemoryRouter(
      [
        { path: '/auth/setup-profile', element: <SetupProfilePage /> },
        { path: '/profile', element: <p>Profile</p> },
      ],
      { initialEntries: [{ pathname: '/auth/setup-profile', state: { from: '/profile' } }] },
    );
    renderInApp(<RouterProvider router={router} />, noRetryClient());
    expect(await screen.findByText('Profile')).toBeInTheDocument();
    expect(readStoredUser()?.username).toBe('ada');
  });

  it('marks each missing required field where it is and focuses the first', async () => {
    const member = { id: 4, email: 'bo@example.test', profile_completed: false, username: null, interests: [] } as unknown as User;
    storeSession('token', member);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/auth/me' ? json(member) : json({ id: 4, email: 'bo@example.test' }))),
    );
    const router = createMemoryRouter([{ path: '/auth/setup-profile', element: <SetupProfilePage /> }], {
      initialEntries: ['/auth/setup-profile'],
    });
    renderInApp(<RouterProvider router={router} />, noRetryClient());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a user name')).toBeInTheDocument();
    expect(screen.getByText('Choose your gender')).toBeInTheDocument();
    expect(screen.getByText('Choose your country')).toBeInTheDocument();
    expect(screen.getByLabelText(/User name/)).toHaveFocus();
    expect(screen.getByLabelText(/User name/)).toHaveAttribute('aria-invalid', 'true');
  });
});
