import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommunityReport } from '@tribeverse/shared';
import { noRetryClient, renderInApp } from '../../../test-render';
import { ReportsPanel } from './reports-panel';

afterEach(() => vi.restoreAllMocks());

const ann = { id: 1, name: 'Ann Lee', username: 'ann', avatar: null };
const bob = { id: 2, name: 'Bob Ray', username: 'bob', avatar: null };

describe('the reports queue', () => {
  it("says when a report was made the way the member's locale writes it ('Jan 5, 2026, 7:57 PM' in the US)", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const report: CommunityReport = {
      id: 8,
      community_id: 4,
      reason: 'spam',
      status: 'open',
      reporter: ann,
      reported_user: bob,
      message: null,
      created_at: new Date(2026, 0, 5, 19, 57).toISOString(),
      resolved_by: null,
      resolved_at: null,
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ reports: [report], next_cursor: null }));
    renderInApp(<ReportsPanel communityId={4} />, noRetryClient());
    const row = await screen.findByTestId('report-row');
    // Intl puts a narrow no-break space before 'PM'.
    expect(row.textContent!.replace(/\s/g, ' ')).toContain('Bob Ray · Jan 5, 2026, 7:57 PM');
  });
});
