import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionsResponse } from '@tribeverse/shared';
import { noRetryClient, renderInApp } from '../../../test-render';
import { SessionsDialog } from './sessions-dialog';

afterEach(() => vi.restoreAllMocks());

describe('active sessions', () => {
  it("say when another device was last used the way the member's locale writes it", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const now = new Date().toISOString();
    const answer: SessionsResponse = {
      sessions: [
        { id: 1, current: true, device: 'Chrome on Linux', place: 'DE', last_used_at: now, created_at: now },
        {
          id: 2,
          current: false,
          device: 'Safari on iPhone',
          place: null,
          last_used_at: new Date(2026, 0, 5, 19, 57).toISOString(),
          created_at: now,
        },
      ],
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(answer));
    renderInApp(<SessionsDialog open onOpenChange={() => {}} />, noRetryClient());
    expect(await screen.findByText('Last active 5 Jan 2026, 19:57 · Location unknown')).toBeVisible();
    expect(screen.getByText('Active now · DE')).toBeVisible();
  });
});
