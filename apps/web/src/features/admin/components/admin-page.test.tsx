import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { serveFetch, type Answer } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';
import { aReport, ann, bob, cy, signInAs } from './admin.test-support';
import { AdminPage } from './admin-page';

afterEach(() => vi.restoreAllMocks());

const page = (reports: unknown[]) => [200, { reports, next_cursor: null }] as Answer;
const noModerators: Answer = [200, { moderators: [] }];

function renderAdmin(role: User['instance_role'], routes: Record<string, Answer[]>, at = '/admin/reports') {
  signInAs(role);
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  const calls = serveFetch({ '/api/admin/moderators': [noModerators], ...routes });
  const router = createMemoryRouter([{ path: '/admin/:tab?', element: <AdminPage /> }], { initialEntries: [at] });
  renderInApp(<RouterProvider router={router} />, noRetryClient());
  return { calls, router, sent: () => calls.filter((c) => c.method !== 'GET') };
}

describe('the admin area', () => {
  it('opens on the dashboard, and the Reports tab has an address of its own', async () => {
    const { router } = renderAdmin('moderator', { '/api/admin/stats': [[200, { days: [] }]] }, '/admin');
    expect(screen.getByRole('tab', { name: 'Dashboard', selected: true })).toBeInTheDocument();
    expect(await screen.findAllByRole('img', { name: /last 0 days/ })).toHaveLength(5);
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(router.state.location.pathname).toBe('/admin/reports');
  });
});

describe('the admin area: reports', () => {
  it('shows a reported private message in its context, the reporter, and earlier reports about the member', async () => {
    renderAdmin('moderator', {
      '/api/admin/reports': [
        page([
          aReport({
            target: { kind: 'message', id: 12 },
            reason: 'harassment',
            note: null,
            content: {
              kind: 'message',
              conversation: 'direct',
              messages: [
                { id: 11, sender: cy, text: 'stop please', media_type: null, created_at: '2026-11-28T09:59:00Z' },
                { id: 12, sender: bob, text: 'send money or else', media_type: null, created_at: '2026-11-28T10:00:00Z' },
              ],
            },
            earlier_reports: [{ id: 3, reason: 'spam', status: 'resolved', action: 'dismiss', created_at: '2026-11-01T10:00:00Z' }],
          }),
        ]),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Report 7' });
    expect(within(card).getByRole('heading', { name: 'Message · Harassment' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Cy Reporter reported Bob Spammer');
    const messages = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.closest('ol'));
    expect(messages.map((m) => m.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(messages[1]).toHaveTextContent('send money or else');
    expect(within(card).getByRole('region', { name: 'Earlier reports about this member' })).toHaveTextContent(/Spam · Dismissed/);
    // Only posts and comments can be removed from the queue; a message's sender can be suspended.
    expect(within(card).queryByRole('button', { name: 'Remove content' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Suspend…' })).toBeInTheDocument();
  });

  it('removes reported content after asking, and the report leaves the open queue', async () => {
    const { sent } = renderAdmin('moderator', {
      '/api/admin/reports': [page([aReport()]), page([])],
      'POST /api/admin/reports/7/resolve': [[200, aReport({ status: 'resolved', action: 'remove_content' })]],
    });
    const card = await screen.findByRole('article', { name: 'Report 7' });
    expect(card).toHaveTextContent('Buy cheap watches at example.test');
    await userEvent.type(within(card).getByLabelText('Note to the reporter (optional)'), 'Thanks, gone.');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove content' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('No open reports. All clear.')).toBeInTheDocument();
    expect(sent()).toEqual([
      { method: 'POST', path: '/api/admin/reports/7/resolve', body: { action: 'remove_content', note: 'Thanks, gone.' } },
    ]);
  });

  it('suspends the author with a reason and an end: the queue suspends, the end is set on that suspension', async () => {
    const { sent } = renderAdmin('admin', {
      '/api/admin/reports': [page([aReport()]), page([])],
      'POST /api/admin/reports/7/resolve': [[200, aReport({ status: 'resolved', action: 'suspend' })]],
      'POST /api/admin/users/2/suspend': [[200, { user_id: 2, reason: 'Spam', until: null, created_at: '2026-11-28T12:00:00Z' }]],
    });
    const card = await screen.findByRole('article', { name: 'Report 7' });
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Bob Spammer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the reason the member will read.');

    await userEvent.type(within(dialog).getByLabelText('Reason (the member reads it)'), 'Spam, again');
    await userEvent.type(within(dialog).getByLabelText('Ends (optional)'), '2099-01-31T12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const until = new Date('2099-01-31T12:00').toISOString();
    expect(sent()).toEqual([
      { method: 'POST', path: '/api/admin/reports/7/resolve', body: { action: 'suspend', note: 'Spam, again' } },
      { method: 'POST', path: '/api/admin/users/2/suspend', body: { reason: 'Spam, again', until } },
    ]);
  });

  it("warns the member in the moderators' words, with no end to ask for", async () => {
    const { sent } = renderAdmin('moderator', {
      '/api/admin/reports': [page([aReport()]), page([])],
      'POST /api/admin/reports/7/resolve': [[200, aReport({ status: 'resolved', action: 'warn' })]],
    });
    const card = await screen.findByRole('article', { name: 'Report 7' });
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Dismiss', 'Remove content', 'Warn…', 'Silence…', 'Suspend…']);
    await userEvent.click(within(card).getByRole('button', { name: 'Warn…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn Bob Spammer' });
    expect(within(dialog).queryByLabelText('Ends (optional)')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Warning (the member reads it)'), 'No more links, please');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toEqual([
      { method: 'POST', path: '/api/admin/reports/7/resolve', body: { action: 'warn', note: 'No more links, please' } },
    ]);
  });

  it('lists resolved reports with what was done, by whom', async () => {
    const resolved = aReport({ status: 'resolved', action: 'dismiss', resolved_by: ann, resolved_at: '2026-11-28T12:00:00Z' });
    const { calls } = renderAdmin('moderator', { '/api/admin/reports': [page([aReport()]), page([resolved])] });
    await screen.findByRole('article', { name: 'Report 7' });
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'resolved');
    const card = await screen.findByText(/Dismissed by/);
    expect(card).toHaveTextContent('Dismissed by Ann Admin');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/admin/reports')).toHaveLength(2);
  });
});

describe('the admin area: who sees what', () => {
  it('gives a moderator no Settings tab and no appointing; an admin both', async () => {
    const routes = {
      '/api/admin/reports': [page([])],
      '/api/search': [
        [
          200,
          {
            results: [{ type: 'person', item: { id: 2, name: 'Bob Spammer', username: 'bob', avatar: null }, snippet: '', highlights: [] }],
            next_cursor: null,
          },
        ],
      ] as Answer[],
    };
    renderAdmin('moderator', routes, '/admin/members');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dashboard', 'Reports', 'Members', 'Audit log']);
    await userEvent.type(screen.getByLabelText('Find a member'), 'bob{Enter}');
    const row = (await screen.findByText('Bob Spammer')).closest('li')!;
    expect(within(row).getByRole('button', { name: 'Suspend…' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Make moderator' })).toBeNull();
  });

  it('silences a member until a given time, and lifts it', async () => {
    const { sent } = renderAdmin(
      'moderator',
      {
        '/api/search': [
          [
            200,
            {
              results: [
                { type: 'person', item: { id: 2, name: 'Bob Spammer', username: 'bob', avatar: null }, snippet: '', highlights: [] },
              ],
              next_cursor: null,
            },
          ],
        ],
        'POST /api/admin/users/2/silence': [[200, { user_id: 2, reason: 'Flooding', until: null, created_at: '2026-11-28T12:00:00Z' }]],
        'DELETE /api/admin/users/2/silence': [[200, { message: 'The silence is lifted.' }]],
      },
      '/admin/members',
    );
    await userEvent.type(screen.getByLabelText('Find a member'), 'bob{Enter}');
    const row = (await screen.findByText('Bob Spammer')).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Silence…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Silence Bob Spammer' });
    await userEvent.type(within(dialog).getByLabelText('Reason (the member reads it)'), 'Flooding');
    await userEvent.type(within(dialog).getByLabelText('Ends (optional)'), '2099-01-31T12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await userEvent.click(within(row).getByRole('button', { name: 'Lift silence' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/users/2/silence',
        body: { reason: 'Flooding', until: new Date('2099-01-31T12:00').toISOString() },
      },
      { method: 'DELETE', path: '/api/admin/users/2/silence', body: undefined },
    ]);
  });

  it('lets an admin appoint a moderator, then remove them', async () => {
    const bobModerator = { moderators: [{ ...bob, appointed_at: '2026-11-28T12:00:00Z' }] };
    const { sent } = renderAdmin(
      'admin',
      {
        '/api/admin/moderators': [noModerators, [200, bobModerator], [200, { moderators: [] }]],
        'PUT /api/admin/moderators/2': [[200, bobModerator]],
        'DELETE /api/admin/moderators/2': [[200, { moderators: [] }]],
        '/api/search': [
          [
            200,
            {
              results: [
                { type: 'person', item: { id: 2, name: 'Bob Spammer', username: 'bob', avatar: null }, snippet: '', highlights: [] },
              ],
              next_cursor: null,
            },
          ],
        ],
      },
      '/admin/members',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Dashboard',
      'Reports',
      'Members',
      'Audit log',
      'Filters',
      'Settings',
    ]);
    await userEvent.type(screen.getByLabelText('Find a member'), 'bob{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Make moderator' }));
    const moderators = screen.getByRole('region', { name: 'Moderators' });
    await userEvent.click(await within(moderators).findByRole('button', { name: 'Remove moderator' }));
    await waitFor(() => expect(within(moderators).getByText(/No moderators yet/)).toBeInTheDocument());
    expect(sent().map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/admin/moderators/2', 'DELETE /api/admin/moderators/2']);
  });
});

describe('the admin area: audit log and settings', () => {
  it('says who did what to whom, why and when', async () => {
    renderAdmin(
      'moderator',
      {
        '/api/admin/audit': [
          [
            200,
            {
              entries: [
                {
                  id: 2,
                  action: 'user.suspend',
                  actor: ann,
                  target_user: bob,
                  reason: 'Spam',
                  details: { until: null },
                  created_at: '2026-11-28T12:00:00Z',
                },
              ],
              next_cursor: null,
            },
          ],
        ],
      },
      '/admin/audit',
    );
    const line = (await screen.findByText(/Ann Admin/)).closest('li')!;
    expect(line).toHaveTextContent('Ann Admin suspended Bob Spammer');
    expect(line).toHaveTextContent('Why: Spam');
  });

  it('saves the registration mode, the rules, one a line, and the proof of work', async () => {
    const saved = { registration: 'invite', rules: ['Be kind', 'No spam'], proof_of_work: true };
    const { sent } = renderAdmin(
      'admin',
      {
        '/api/admin/settings': [[200, { registration: 'open', rules: ['Be kind'], proof_of_work: false }]],
        'PATCH /api/admin/settings': [[200, saved]],
      },
      '/admin/settings',
    );
    const rules = await screen.findByLabelText(/Rules, one a line/);
    expect(rules).toHaveValue('Be kind');
    await userEvent.click(screen.getByRole('radio', { name: /Invite only/ }));
    await userEvent.type(rules, '\n  No spam  \n\n');
    const proofOfWork = screen.getByRole('checkbox', { name: 'Ask for a proof of work at sign-up' });
    expect(proofOfWork).not.toBeChecked();
    await userEvent.click(proofOfWork);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent()).toEqual([{ method: 'PATCH', path: '/api/admin/settings', body: saved }]));
    // Invite-only sign-ups need links: the tab offers to make one.
    expect(await screen.findByRole('button', { name: 'Make an invite link' })).toBeInTheDocument();
  });
});
