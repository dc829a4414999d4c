import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { serveFetch } from '../../../test-fetch';
import { renderRoutes } from '../../../test-render';
import { EditProfilePage } from './edit-profile-page';
import { ada } from './profile.test-support';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const held = { full_name: 'Ada Giveaway', bio: 'Cheap at pills.example', held_at: '2026-11-29T10:00:00.000Z' };

/** Opens the edit screen (with its toasts) for the signed-in member the server says `me` is. */
function openEdit(me: User, saved: User[] = []) {
  storeSession('token', me);
  const calls = serveFetch({ '/api/auth/me': [[200, me]], 'PATCH /api/auth/edit-profile': saved.map((u) => [200, u] as [number, User]) });
  renderRoutes(
    [
      {
        path: '/profile/edit',
        element: (
          <>
            <EditProfilePage />
            <ToastContainer />
          </>
        ),
      },
      { path: '/profile', element: <p>Your profile</p> },
    ],
    '/profile/edit',
  );
  return calls;
}

describe('edit profile, with a new name and bio held for review', () => {
  it('shows the waiting name and bio in the form, marked, and says others see the previous ones', async () => {
    openEdit({ ...ada, held_profile: held });
    // The first render loads the page's code: on a busy machine that alone can take past the default second.
    const name = await screen.findByLabelText('Full name', {}, { timeout: 5000 });
    expect(name).toHaveValue('Ada Giveaway');
    expect(name).toHaveAccessibleDescription('Held for review');
    expect(screen.getByLabelText('Bio')).toHaveValue('Cheap at pills.example');
    expect(screen.getByText('Bio held for review')).toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Held for review.');
    expect(notice).toHaveTextContent('others see your previous name “Ada Calm” and bio');
  });

  it('stays on the screen when a save is held, and moves on with the mark gone once a clean save replaces it', async () => {
    const calls = openEdit(ada, [
      { ...ada, held_profile: held },
      { ...ada, full_name: 'Ada Byron', held_profile: null },
    ]);
    const name = await screen.findByLabelText('Full name', {}, { timeout: 5000 });
    expect(screen.queryByText(/Held for review/)).not.toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada Giveaway');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile saved. Your new name and bio are held for review.')).toBeInTheDocument();
    expect(await screen.findByText(/others see your previous name “Ada Calm”/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Giveaway');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ fullName: 'Ada Giveaway', bio: 'Plain numbers.' });

    await userEvent.clear(name);
    await userEvent.type(name, 'Ada Byron');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile')).toBeInTheDocument();
  });
});
