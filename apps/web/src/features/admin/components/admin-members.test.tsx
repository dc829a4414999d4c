import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../../test-fetch';
import { ann, bob } from './admin.test-support';
import { noModerators, page, renderAdmin } from './admin-page.test-support';

afterEach(() => vi.restoreAllMocks());

/** The member search finding Bob. */
const bobFound: Answer = [
  200,
  {
    results: [{ type: 'person', item: { id: 2, name: 'Bob Spammer', username: 'bob', avatar: null }, snippet: '', highlights: [] }],
    next_cursor: null,
  },
];

/** Searches the Members tab for Bob: his row in the results. */
async function findBob() {
  await userEvent.type(screen.getByLabelText('Find a member'), 'bob{Enter}');
  return (await screen.findByText('Bob Spammer')).closest('li')!;
}

/** The tabs a moderator sees; an admin has Filters and Settings besides. */
const MODERATOR_TABS = ['Dashboard', 'Reports', 'Appeals', 'Held for review', 'Members', 'Audit log'];
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('the admin area: who sees what', () => {
  it('gives a moderator no Settings tab and no appointing; an admin both', async () => {
    const routes = {
      '/api/admin/reports': [page([])],
      '/api/search': [bobFound],
    };
    renderAdmin('moderator', routes, '/admin/members');
    expect(tabNames()).toEqual(MODERATOR_TABS);
    const row = await findBob();
    expect(within(row).getByRole('button', { name: 'Suspend…' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Make moderator' })).toBeNull();
  });

  it('silences a member until a given time, and lifts it', async () => {
    const { sent } = renderAdmin(
      'moderator',
      {
        '/api/search': [bobFound],
        'POST /api/admin/users/2/silence': [[200, { user_id: 2, reason: 'Flooding', until: null, created_at: '2026-11-28T12:00:00Z' }]],
        'DELETE /api/admin/users/2/silence': [[200, { message: 'The silence is lifted.' }]],
      },
      '/admin/members',
    );
    const row = await findBob();
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

  it('lists who is suspended, with the reason and end, and lifts a suspension from there', async () => {
    const suspended = { user: bob, user_id: 2, reason: 'Spam waves', until: null, created_at: '2026-11-28T12:00:00Z' };
    const { sent } = renderAdmin(
      'moderator',
      {
        '/api/admin/users/restricted': [
          [200, { members: [suspended] }],
          [200, { members: [] }],
        ],
        'DELETE /api/admin/users/2/suspend': [[200, { message: 'The suspension is lifted.' }]],
      },
      '/admin/members',
    );
    const list = await screen.findByRole('list', { name: 'Suspended members' });
    const row = within(list).getByText('Bob Spammer').closest('li')!;
    expect(row).toHaveTextContent('Spam waves');
    expect(row).toHaveTextContent('until lifted');
    await userEvent.click(within(row).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(sent()).toEqual([{ method: 'DELETE', path: '/api/admin/users/2/suspend', body: undefined }]));
    expect(await screen.findByText('Nobody is suspended now.')).toBeInTheDocument();
  });

  it('lets an admin appoint a moderator, then remove them', async () => {
    const bobModerator = { moderators: [{ ...bob, appointed_at: '2026-11-28T12:00:00Z' }] };
    const { sent } = renderAdmin(
      'admin',
      {
        '/api/admin/moderators': [noModerators, [200, bobModerator], [200, { moderators: [] }]],
        'PUT /api/admin/moderators/2': [[200, bobModerator]],
        'DELETE /api/admin/moderators/2': [[200, { moderators: [] }]],
        '/api/search': [bobFound],
      },
      '/admin/members',
    );
    expect(tabNames()).toEqual([...MODERATOR_TABS, 'Filters', 'Settings']);
    await findBob();
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

  it("saves the registration mode, the rules, one a line, the proof of work and new accounts' hours", async () => {
    const saved = {
      registration: 'invite',
      rules: ['Be kind', 'No spam'],
      proof_of_work: true,
      approval_question: null,
      new_account_hours: 24,
    };
    const { sent } = renderAdmin(
      'admin',
      {
        '/api/admin/settings': [
          [200, { registration: 'open', rules: ['Be kind'], proof_of_work: false, new_account_hours: 0, approval_question: null }],
        ],
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
    const hours = screen.getByLabelText("New accounts' limits, in hours (0: none)");
    await userEvent.clear(hours);
    await userEvent.type(hours, '24');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent()).toEqual([{ method: 'PATCH', path: '/api/admin/settings', body: saved }]));
    // Invite-only sign-ups need links: the tab offers to make one.
    expect(await screen.findByRole('button', { name: 'Make an invite link' })).toBeInTheDocument();
  });
});
