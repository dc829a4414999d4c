import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@tribeverse/shared';
import { noRetryClient, renderInApp } from '../../../test-render';
import { AuditPanel } from './audit-panel';

afterEach(() => vi.restoreAllMocks());

const ann = { id: 1, name: 'Ann Lee', username: 'ann', avatar: null };
const bob = { id: 2, name: 'Bob Ray', username: 'bob', avatar: null };

describe('the audit log', () => {
  it("says when each action happened, and until when a time-out runs, the way the member's locale writes it", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const entry: AuditEntry = {
      id: 3,
      action: 'member.timeout',
      actor: ann,
      target_user: bob,
      details: { timeout_until: new Date(2026, 0, 6, 8, 5).toISOString() },
      created_at: new Date(2026, 0, 5, 19, 57).toISOString(),
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ entries: [entry], next_cursor: null }));
    renderInApp(<AuditPanel communityId={4} />, noRetryClient());
    const row = (await screen.findByRole('list', { name: 'Audit log' })).querySelector('li')!;
    expect(row).toHaveTextContent('Ann Lee timed out Bob Ray until 6 Jan 2026, 08:05');
    expect(within(row).getByText('5 Jan 2026, 19:57').tagName).toBe('TIME');
  });
});
