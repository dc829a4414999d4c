import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noRetryClient, renderInApp } from '../../../test-render';
import { aCommunity } from '../test-fixtures';
import { CommunityForm } from './community-form';

afterEach(() => vi.restoreAllMocks());

describe('the community form', () => {
  it('offers public or private joining, starts from the community, and sends the choice', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json([]));
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(
      <CommunityForm initial={aCommunity()} submitLabel="Save" busyLabel="Saving…" onSubmit={onSubmit} onCancel={vi.fn()} />,
      noRetryClient(),
    );
    const open = screen.getByRole('radio', { name: 'Public: anyone joins at once' });
    const approved = screen.getByRole('radio', { name: 'Private: admins approve requests' });
    expect(open).toBeChecked();
    expect(approved).not.toBeChecked();

    await userEvent.click(approved);
    expect(approved).toBeChecked();
    expect(open).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Lagos Hikers', visibility: 'private' })));
  });
});
