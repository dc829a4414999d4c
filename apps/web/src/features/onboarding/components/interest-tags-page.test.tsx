import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { InterestTagsPage } from './interest-tags-page';
import { noRetryClient, renderInApp } from '../../../test-render';

const catalogue = [{ id: 1, name: 'Spirituality', sub_interests: [{ name: 'meditation' }, { name: 'personal growth' }, { name: 'yoga' }] }];
const saved = {
  id: 1,
  email: 'ada@example.test',
  profile_completed: true,
  interests: [{ name: 'Spirituality', sub_interests: ['yoga'] }],
} as unknown as User;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server, one answer list per call: '/api/auth/me' answers in turn. */
function serve(meAnswers: Array<() => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/interests' && init?.method === 'PATCH') return json(200, { message: 'Saved' });
      if (url === '/api/interests') return json(200, catalogue);
      if (url === '/api/auth/me') return (meAnswers.shift() ?? (() => json(500, { code: 'INTERNAL', msg: 'Down' })))();
      return json(404, { code: 'NOT_FOUND', msg: 'No' });
    }),
  );
  return calls;
}

function renderPage() {
  storeSession('token', saved);
  const router = createMemoryRouter(
    [
      { path: '/auth/interest-tags', element: <InterestTagsPage /> },
      { path: '/home', element: <p>Feed</p> },
    ],
    { initialEntries: ['/auth/interest-tags'] },
  );
  renderInApp(<RouterProvider router={router} />, noRetryClient());
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('interest tags page', () => {
  it('offers a retry, not an empty selection to save, when the saved interests cannot be loaded', async () => {
    const calls = serve([() => json(500, { code: 'INTERNAL', msg: 'Down' }), () => json(200, saved)]);
    renderPage();
    expect(await screen.findByText('Could not load the interests you saved.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and go to your feed' })).toBeDisabled();
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // Retried: the saved choice is there to build on.
    expect(await screen.findByRole('checkbox', { name: 'yoga' })).toBeChecked();
  });

  it('goes on after a successful save even when refreshing the member fails afterwards', async () => {
    serve([() => json(200, saved), () => json(500, { code: 'INTERNAL', msg: 'Down' })]);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'meditation' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'personal growth' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and go to your feed' }));
    expect(await screen.findByText('Feed')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });
});
