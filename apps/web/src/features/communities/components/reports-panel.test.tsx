import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommunityReport } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { serveFetch } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';
import { ReportsPanel } from './reports-panel';

afterEach(() => vi.restoreAllMocks());

const report = (id: number): CommunityReport => ({
  id,
  community_id: 4,
  reason: 'spam',
  status: 'open',
  reporter: { id: 1, name: 'Ann Lee', username: 'ann', avatar: null },
  reported_user: { id: 2, name: 'Bob Ray', username: 'bob', avatar: null },
  message: null,
  created_at: '2026-01-05T19:57:00.000Z',
  resolved_by: null,
  resolved_at: null,
});

describe('deciding a report', () => {
  it('sends Mark resolved and Dismiss as their decisions, and says when the server refuses one', async () => {
    const calls = serveFetch({
      '/api/communities/4/reports': [[200, { reports: [report(8)], next_cursor: null }]],
      '/api/communities/4/reports/8/resolve': [
        [200, { ...report(8), status: 'resolved' }],
        [403, { code: 'FORBIDDEN', msg: '' }],
      ],
    });
    const failed = vi.spyOn(toast, 'error').mockImplementation(() => '');
    renderInApp(<ReportsPanel communityId={4} />, noRetryClient());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark resolved' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith('Could not dismiss'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ status: 'resolved' }, { status: 'dismissed' }]);
  });
});
