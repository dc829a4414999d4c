import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { aReport, ann, bob, cy } from './admin.test-support';
import { page, renderAdmin } from './admin-page.test-support';

afterEach(() => vi.restoreAllMocks());

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

const anAppeal = (over: Record<string, unknown> = {}) => ({
  id: 5,
  action: 'remove_content',
  status: 'open',
  text: 'It was a joke among friends',
  decision_note: null,
  created_at: '2026-11-28T13:00:00Z',
  decided_at: null,
  user: bob,
  reason: 'Spam link',
  content: { kind: 'post', text: 'Buy cheap watches at example.test', images: [], created_at: '2026-11-28T10:00:00Z' },
  action_at: '2026-11-28T12:00:00Z',
  decided_by: null,
  ...over,
});

describe('the admin area: appeals', () => {
  it('shows an appeal with the removed post and the reason, and accepts it with a note', async () => {
    const { sent } = renderAdmin(
      'moderator',
      {
        '/api/admin/appeals': [[200, { appeals: [anAppeal()], next_cursor: null }]],
        'POST /api/admin/appeals/5/decide': [[200, anAppeal({ status: 'accepted', decided_by: ann })]],
      },
      '/admin/appeals',
    );
    const card = await screen.findByRole('article', { name: 'Appeal 5' });
    expect(within(card).getByRole('heading')).toHaveTextContent('Removal · Bob Spammer');
    expect(card).toHaveTextContent('because: Spam link');
    expect(card).toHaveTextContent('Buy cheap watches at example.test');
    expect(card).toHaveTextContent('It was a joke among friends');
    await userEvent.type(within(card).getByLabelText('Note to the member (optional)'), 'Fair enough');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept and reverse' }));
    await waitFor(() =>
      expect(sent()).toEqual([{ method: 'POST', path: '/api/admin/appeals/5/decide', body: { accept: true, note: 'Fair enough' } }]),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Accepted: the content is back.'));
  });

  it('lists decided appeals with the outcome, by whom, and the note', async () => {
    renderAdmin(
      'moderator',
      {
        '/api/admin/appeals': [
          [200, { appeals: [], next_cursor: null }],
          [
            200,
            {
              appeals: [anAppeal({ action: 'suspend', content: null, status: 'rejected', decided_by: ann, decision_note: 'Rule 2' })],
              next_cursor: null,
            },
          ],
        ],
      },
      '/admin/appeals',
    );
    expect(await screen.findByText('No open appeals.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'decided');
    const card = await screen.findByRole('article', { name: 'Appeal 5' });
    expect(card).toHaveTextContent('Suspension · Bob Spammer');
    expect(card).toHaveTextContent('Rejected by Ann Admin');
    expect(card).toHaveTextContent('Note: Rule 2');
    expect(within(card).queryByRole('button', { name: 'Accept and reverse' })).toBeNull();
  });

  it('shows a turned-down name and bio as the name and the bio', async () => {
    const content = { kind: 'user', name: 'Giveaway Queen', bio: 'Free stuff daily' };
    renderAdmin('moderator', { '/api/admin/appeals': [[200, { appeals: [anAppeal({ content })], next_cursor: null }]] }, '/admin/appeals');
    const card = await screen.findByRole('article', { name: 'Appeal 5' });
    expect(card).toHaveTextContent('Name: Giveaway Queen');
    expect(card).toHaveTextContent('Bio: Free stuff daily');
  });
});
