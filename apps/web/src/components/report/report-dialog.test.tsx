import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aDirectMessage } from '../../lib/conversation/messages.test-support';
import { toast } from '../../lib/toast';
import { serveFetch } from '../../test-fetch';
import { noRetryClient, renderInApp } from '../../test-render';
import { MemberMenu } from '../member-menu';
import { offeredMessages } from './message-report';
import { ReportDialog, type ReportableMessage } from './report-dialog';
import { ReportMenu } from './report-menu';

afterEach(() => vi.restoreAllMocks());

const created = [201, { id: 7, status: 'open' }] as const;

describe('the Report dialog', () => {
  it("reports a post from its '⋯' menu with a reason and a note, thanks the member and closes", async () => {
    const calls = serveFetch({ 'POST /api/reports': [[...created]] });
    const thanks = vi.spyOn(toast, 'success').mockImplementation(() => {});
    renderInApp(
      <MemberMenu member={{ id: 2, name: 'bob' }} muted={false} blocked={false} report={{ kind: 'post', id: 41, what: "bob's post" }} />,
      noRetryClient(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'More for bob' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report…' }));

    const dialog = await screen.findByRole('dialog', { name: "Report bob's post" });
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.querySelector('span > span')?.textContent)).toEqual([
      'Spam',
      'Harassment',
      'Hate',
      'Violence',
      'Sexual content',
      'Other',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: /Spam/ }));
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Same link in every post');
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toEqual([
      { method: 'POST', path: '/api/reports', body: { target: { kind: 'post', id: 41 }, reason: 'spam', note: 'Same link in every post' } },
    ]);
    expect(thanks).toHaveBeenCalledWith(expect.stringMatching(/report went to this instance's moderators/));
  });

  it('sends nothing without a reason, and asks for a note when the reason is Other', async () => {
    const calls = serveFetch({ 'POST /api/reports': [[...created]] });
    renderInApp(<ReportDialog subject={{ kind: 'user', id: 2, what: 'bob' }} onClose={() => {}} />, noRetryClient());
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose what is wrong.');
    await userEvent.click(screen.getByRole('radio', { name: /Other/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Say in the note what is wrong.');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps what the member wrote", async () => {
    serveFetch({ 'POST /api/reports': [[400, { code: 'BAD_REQUEST', msg: 'You cannot report yourself.' }]] });
    const onClose = vi.fn();
    renderInApp(<ReportDialog subject={{ kind: 'user', id: 1, what: 'ann' }} onClose={onClose} />, noRetryClient());
    await userEvent.click(screen.getByRole('radio', { name: /Harassment/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot report yourself.');
    expect(screen.getByRole('radio', { name: /Harassment/ })).toBeChecked();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reports a community from its menu', async () => {
    const calls = serveFetch({ 'POST /api/reports': [[...created]] });
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    renderInApp(<ReportMenu label="More for Hikers" subject={{ kind: 'community', id: 5, what: 'Hikers' }} />, noRetryClient());
    await userEvent.click(screen.getByRole('button', { name: 'More for Hikers' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report…' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Hate/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ target: { kind: 'community', id: 5 }, reason: 'hate' });
  });
});

describe('reporting a private message', () => {
  const messages: ReportableMessage[] = [
    { id: 10, author: 'bob', text: 'hi', created_at: '2026-11-28T10:00:00Z' },
    { id: 11, author: 'You', text: 'hello', created_at: '2026-11-28T10:01:00Z' },
    { id: 12, author: 'bob', text: 'send money or else', created_at: '2026-11-28T10:02:00Z' },
  ];

  it('always sends the reported message, and the earlier ones only when ticked', async () => {
    const calls = serveFetch({ 'POST /api/reports': [[...created]] });
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    renderInApp(
      <ReportDialog subject={{ kind: 'message', id: 12, what: "bob's message" }} messages={messages} onClose={() => {}} />,
      noRetryClient(),
    );
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => [(b as HTMLInputElement).checked, (b as HTMLInputElement).disabled])).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
    await userEvent.click(boxes[0]!);
    await userEvent.click(screen.getByRole('radio', { name: /Harassment/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ target: { kind: 'message', id: 12 }, reason: 'harassment', message_ids: [10] });
  });

  it('offers the reported message and at most five real ones before it', () => {
    const timeline = Array.from({ length: 9 }, (_, i) => aDirectMessage(i + 1, { deleted: i + 1 === 6, sender_id: 2 }));
    const offered = offeredMessages(timeline, timeline[7]!, () => 'bob');
    expect(offered.map((m) => m.id)).toEqual([2, 3, 4, 5, 7, 8]);
  });
});
