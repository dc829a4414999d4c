import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { LoginPage } from '../features/auth/components/login-page';
import { YourDataRows } from '../features/settings/components/security-section';
import { clearAllStorage, readToken, storeSession } from '../lib/storage';
import { noRetryClient, renderInApp } from '../test-render';
import { RedirectSignedIn, RequireAuth } from './guards';

afterEach(() => {
  vi.restoreAllMocks();
  clearAllStorage();
});

describe('deleting the account', () => {
  it('ends on the sign-in page, which says the account was deleted', async () => {
    storeSession('token', { id: 7, email: 'leaving@example.test', profile_completed: true, interests: [] } as unknown as User);
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/auth/two-step') return Response.json({ enabled: false, has_password: true, email_confirmed: true });
      return new Response(null, { status: 204 });
    });
    // Settings → Your data, inside the member pages; the sign-in page as the app routes it.
    const router = createMemoryRouter(
      [
        {
          path: '/home',
          element: (
            <RequireAuth member>
              <YourDataRows />
            </RequireAuth>
          ),
        },
        {
          path: '/auth/login',
          element: (
            <RedirectSignedIn>
              <LoginPage />
            </RedirectSignedIn>
          ),
        },
        { path: '/', element: <p>Welcome to Tribeverse</p> },
      ],
      { initialEntries: ['/home'] },
    );
    renderInApp(
      <>
        <RouterProvider router={router} />
        <ToastContainer />
      </>,
      noRetryClient(),
    );

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.type(await screen.findByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    // A confirmation that stays on the page, not a toast that is gone in five seconds.
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your account was deleted.');
    expect(calls).toContain('DELETE /api/account');
    expect(readToken()).toBeNull();
  }, 30_000);
});
