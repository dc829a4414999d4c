import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { readStoredUser, storeSession } from '../../../lib/storage';
import { SetupProfilePage } from './setup-profile-page';
import { renderRoutes } from '../../../test-render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const newcomer = (id: number, email: string) => ({ id, email, profile_completed: false, username: null, interests: [] }) as unknown as User;

/** Signs `member` in and opens the set-up page (with its toasts); the server says the signed-in member is `me`. */
function openSetup(member: User, me: User = member, entry: InitialEntry = '/auth/setup-profile') {
  storeSession('token', member);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/auth/me' ? json(me) : json({ id: member.id, email: member.email }))),
  );
  const page = (
    <>
      <SetupProfilePage />
      <ToastContainer />
    </>
  );
  renderRoutes(
    [
      { path: '/auth/setup-profile', element: page },
      { path: '/profile', element: <p>Profile</p> },
    ],
    entry,
  );
}

describe('set up profile', () => {
  it('moves on when the profile was already set up on another device', async () => {
    const stale = newcomer(3, 'ada@example.test');
    openSetup(
      stale,
      { ...stale, profile_completed: true, username: 'ada' },
      { pathname: '/auth/setup-profile', state: { from: '/profile' } },
    );
    // The first render loads the page's code: on a busy machine that alone can take past the default second.
    expect(await screen.findByText('Profile', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(readStoredUser()?.username).toBe('ada');
  });

  it('marks each missing required field where it is and focuses the first', async () => {
    openSetup(newcomer(4, 'bo@example.test'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a user name')).toBeInTheDocument();
    expect(screen.getByText('Choose your gender')).toBeInTheDocument();
    expect(screen.getByText('Choose your country')).toBeInTheDocument();
    expect(screen.getByLabelText(/User name/)).toHaveFocus();
    expect(screen.getByLabelText(/User name/)).toHaveAttribute('aria-invalid', 'true');
  });

  /** A new member with the three required fields chosen, up to the phone number. */
  async function fillAllButPhone(before?: () => Promise<void>) {
    openSetup(newcomer(5, 'cy@example.test'));
    await before?.();
    await userEvent.type(await screen.findByLabelText(/Full name/), 'Cy Mensah');
    await userEvent.type(screen.getByLabelText(/User name/), 'cy_mensah');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'male');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'NG');
  }

  it('says what is wrong with an invalid phone number at the phone field, and no longer that the required three are missing', async () => {
    // The form goes to the server as multipart (XMLHttpRequest, for its progress): nothing may be sent.
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    await fillAllButPhone(async () => {
      // The first try, before the required three were chosen, rightly toasts that they are required.
      await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Username, country and gender are required')).toBeInTheDocument();
    });
    await userEvent.type(screen.getByLabelText('Phone number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid phone number for Nigeria')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    for (const label of [/User name/, 'Gender', 'Country']) expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    // With all three chosen, the toast saying they are missing is gone rather than left to stand beside the phone's error.
    // (jsdom runs no CSS animations: each toast's animation is ended here as a browser would end it.)
    await waitFor(
      () => {
        for (const shown of document.querySelectorAll('.Toastify__toast')) fireEvent.animationEnd(shown);
        expect(screen.queryByText('Username, country and gender are required')).not.toBeInTheDocument();
      },
      { timeout: 3000 },
    );
    expect(send).not.toHaveBeenCalled();
  }, 30_000);

  it("puts the server's word on the phone number beside the phone field", async () => {
    const refusal = { code: 'VALIDATION_FAILED', msg: 'Phone number is not valid for the chosen country', field: 'phone_number' };
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      Object.defineProperty(this, 'status', { value: 400 });
      Object.defineProperty(this, 'responseText', { value: JSON.stringify(refusal) });
      setTimeout(() => this.onload?.(new ProgressEvent('load')), 0);
    });
    await fillAllButPhone();
    // A valid Nigerian number the server still refuses (say its rules are newer than this page's).
    await userEvent.type(screen.getByLabelText('Phone number'), '8031234567');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid phone number for Nigeria')).toHaveAttribute('id', expect.stringMatching(/-error$/));
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);
});
