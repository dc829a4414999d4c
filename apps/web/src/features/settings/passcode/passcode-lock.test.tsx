import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { readToken, storeSession } from '../../../lib/storage';
import { isAppLocked } from '../../../lib/app-lock';
import { PasscodeLock } from './passcode-lock';
import { readPasscode, setAutoLock, setPasscode } from './passcode-store';
import { renderInApp } from '../../../test-render';

// The tab "loads" signed in with this token: runs before the storage module reads it at import.
vi.hoisted(() => localStorage.setItem('USER_TOKEN', 'page-load-token'));

const member = { id: 1, email: 'ada@example.com', full_name: 'Ada Lovelace', username: 'ada' } as User;

function renderMemberArea(token = 'page-load-token') {
  storeSession(token, member);
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: (
          <>
            <main>
              <h1>Feed</h1>
              <button type="button">Like</button>
            </main>
            <PasscodeLock />
          </>
        ),
      },
      { path: '/auth/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/home'] },
  );
  const view = renderInApp(<RouterProvider router={router} />);
  return { ...view, router };
}

const lockScreen = () => screen.queryByRole('dialog', { name: 'Enter your passcode' });
const firstBox = () => screen.getByLabelText('Passcode digit 1');
// Each check hashes with PBKDF2: give it room on a busy machine.
const SLOW = { timeout: 5_000 };

let hidden = false;
Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
const setHidden = (value: boolean) =>
  act(() => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  hidden = false;
});

describe('passcode lock', { timeout: 20_000 }, () => {
  it('covers the app on a fresh load with a passcode set, and the right passcode uncovers it', async () => {
    await setPasscode(member.id, '1234');
    const user = userEvent.setup();
    const { container } = renderMemberArea();
    const lock = lockScreen()!;
    expect(lock).toHaveAttribute('aria-modal', 'true');
    // The member area is out of reach behind it, and the passcode boxes have the focus.
    expect(container).toHaveAttribute('inert');
    expect(firstBox()).toHaveFocus();
    // Features acting on what the member sees (reading a chat) know the app is covered.
    expect(isAppLocked()).toBe(true);

    await user.keyboard('1234');
    await vi.waitFor(() => expect(lockScreen()).toBeNull(), SLOW);
    expect(container).not.toHaveAttribute('inert');
    expect(isAppLocked()).toBe(false);
    expect(screen.getByRole('heading', { name: 'Feed' })).toBeInTheDocument();
  });

  it('shows nothing when no passcode is set', () => {
    renderMemberArea();
    expect(lockScreen()).toBeNull();
  });

  it('says a wrong passcode is wrong and clears the boxes', async () => {
    await setPasscode(member.id, '1234');
    const user = userEvent.setup();
    renderMemberArea();
    await user.keyboard('9999');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Wrong passcode');
    expect(lockScreen()).not.toBeNull();
    for (let i = 1; i <= 4; i++) expect(screen.getByLabelText(`Passcode digit ${i}`)).toHaveValue('');
    expect(firstBox()).toHaveFocus();

    await user.keyboard('1');
    expect(screen.queryByText('Wrong passcode')).toBeNull();
    await user.keyboard('234');
    await vi.waitFor(() => expect(lockScreen()).toBeNull(), SLOW);
  });

  it('after 5 wrong tries in a row waits 30 s, counting down, before the next try', async () => {
    await setPasscode(member.id, '1234');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMemberArea();
    for (let i = 1; i <= 5; i++) {
      await user.keyboard('0000');
      await vi.waitFor(() => expect(readPasscode(member.id)!.failures).toBe(i), SLOW);
    }
    expect(await screen.findByText('Too many wrong tries.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Try again in 30 s')).toBeInTheDocument();
    expect(firstBox()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Try again in 20 s')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.queryByText('Too many wrong tries.')).toBeNull();
    expect(firstBox()).toBeEnabled();
    expect(firstBox()).toHaveFocus();
    await user.keyboard('1234');
    await vi.waitFor(() => expect(lockScreen()).toBeNull(), SLOW);
  });

  it('locks when the tab comes back after being hidden for the auto-lock time, not sooner', async () => {
    await setPasscode(member.id, '1234');
    setAutoLock(member.id, 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Signed in on this page just now (another token than at load): no lock until the member goes away.
    renderMemberArea('fresh-login-token');
    expect(lockScreen()).toBeNull();

    setHidden(true);
    vi.advanceTimersByTime(59_000);
    setHidden(false);
    expect(lockScreen()).toBeNull();

    setHidden(true);
    vi.advanceTimersByTime(60_000);
    setHidden(false);
    expect(lockScreen()).not.toBeNull();
  });

  it('"Forgot passcode? Log out" revokes the session on the server and clears the passcode', async () => {
    await setPasscode(member.id, '1234');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderMemberArea();
    await user.click(screen.getByRole('button', { name: 'Forgot passcode? Log out' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), SLOW);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(readToken()).toBeNull();
    expect(readPasscode(member.id)).toBeNull();
    expect(lockScreen()).toBeNull();
  });
});
