import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invite } from '@tribeverse/shared';
import { noRetryClient, renderInApp } from '../../../test-render';
import { InvitesPanel } from './invites-panel';

afterEach(() => vi.restoreAllMocks());

describe('invite links', () => {
  it("say until when each link works the way the member's locale writes it", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    const nextYear = new Date().getFullYear() + 1;
    const invite: Invite = {
      code: 'abc123',
      url: '/invite/abc123',
      expires_at: new Date(nextYear, 0, 5, 19, 57).toISOString(),
      max_uses: 10,
      uses: 2,
      revoked: false,
      created_at: new Date().toISOString(),
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ invites: [invite] }));
    renderInApp(<InvitesPanel communityId={4} />, noRetryClient());
    const list = await screen.findByRole('list', { name: 'Invite links' });
    expect(within(list).getByText(`2/10 used · expires 05.01.${nextYear}, 19:57`)).toBeVisible();
  });
});
