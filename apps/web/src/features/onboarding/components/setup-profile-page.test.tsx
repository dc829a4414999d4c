import { screen } from '@testing-library/react';
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
});
