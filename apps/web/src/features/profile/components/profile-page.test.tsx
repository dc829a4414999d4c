import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { serveFetch } from '../../../test-fetch';
import { renderRoutes } from '../../../test-render';
import { ProfilePage } from './profile-page';
import { ada } from './profile.test-support';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const held = {
  ...ada,
  held_profile: { full_name: 'Ada Giveaway', bio: 'Cheap at pills.example', held_at: '2026-11-29T10:00:00.000Z' },
} satisfies User;

describe('your own profile, with a new name and bio held for review', () => {
  it('shows what everyone sees, says the new ones wait, and leads to them', async () => {
    storeSession('token', held);
    serveFetch({ '/api/auth/me': [[200, held]] });
    renderRoutes([{ path: '/profile', element: <ProfilePage stats={null} posts={null} /> }], '/profile');
    expect(await screen.findByRole('heading', { name: 'Ada Calm' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Ada Giveaway')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Held for review: your new name and bio wait for a moderator');
    expect(screen.getByRole('link', { name: 'See them in Edit profile' })).toHaveAttribute('href', '/profile/edit');
  });
});
