import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { passcodeKey, storeSession } from '../../../lib/storage';
import { verifyPasscode } from '../passcode/passcode-hash';
import { readPasscode, setPasscode } from '../passcode/passcode-store';
import { PasscodeRow } from './passcode-row';
import { renderInApp } from '../../../test-render';

const member = { id: 3, email: 'ada@example.com', username: 'ada' } as User;

function renderRow() {
  storeSession('token', member);
  renderInApp(<PasscodeRow />);
  return userEvent.setup();
}

const passcodeSwitch = () => screen.getByRole('switch', { name: 'Passcode lock' });
const dialog = (name: string) => screen.findByRole('dialog', { name });
// Each check hashes with PBKDF2: give it room on a busy machine.
const SLOW = { timeout: 5_000 };

describe('passcode lock setting', { timeout: 20_000 }, () => {
  it('sets a passcode typed twice alike, and says so when the two differ', async () => {
    const user = renderRow();
    expect(screen.getByText('Asked when you open Tribeverse on this device')).toBeInTheDocument();
    expect(passcodeSwitch()).toHaveAttribute('aria-checked', 'false');

    await user.click(passcodeSwitch());
    const set = await dialog('Set a passcode');
    await vi.waitFor(() => expect(within(set).getByLabelText('New passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('1234');
    expect(within(set).getByText('Repeat the passcode')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(set).getByLabelText('Repeat passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('1235');
    expect(within(set).getByRole('alert')).toHaveTextContent('Passcodes do not match');
    expect(readPasscode(member.id)).toBeNull();

    await vi.waitFor(() => expect(within(set).getByLabelText('New passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('1234');
    await vi.waitFor(() => expect(within(set).getByLabelText('Repeat passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('1234');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(passcodeSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('On. Asked when you open Tribeverse on this device')).toBeInTheDocument();
    expect(localStorage.getItem(passcodeKey(member.id))).not.toContain('1234');
    expect(await verifyPasscode('1234', readPasscode(member.id)!)).toBe(true);
  });

  it('offers auto-lock times (1 hour unless chosen) and keeps the choice', async () => {
    await setPasscode(member.id, '1234');
    const user = renderRow();
    const autoLock = screen.getByRole('combobox', { name: 'Auto-lock' });
    expect(
      within(autoLock)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['If away for 1 minute', 'If away for 5 minutes', 'If away for 1 hour', 'If away for 5 hours']);
    expect(autoLock).toHaveDisplayValue('If away for 1 hour');
    await user.selectOptions(autoLock, 'If away for 5 minutes');
    expect(readPasscode(member.id)!.autoLockMs).toBe(5 * 60_000);
    expect(autoLock).toHaveDisplayValue('If away for 5 minutes');
  });

  it('turns off only with the current passcode', async () => {
    await setPasscode(member.id, '1234');
    const user = renderRow();
    await user.click(passcodeSwitch());
    const off = await dialog('Turn off passcode lock');
    await vi.waitFor(() => expect(within(off).getByLabelText('Current passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('4321');
    expect(await within(off).findByText('Wrong passcode', {}, SLOW)).toBeInTheDocument();
    expect(readPasscode(member.id)).not.toBeNull();

    await user.keyboard('1234');
    await vi.waitFor(() => expect(readPasscode(member.id)).toBeNull(), SLOW);
    expect(passcodeSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('combobox', { name: 'Auto-lock' })).toBeNull();
  });

  it('changes the passcode after the current one is given', async () => {
    await setPasscode(member.id, '1234');
    const user = renderRow();
    await user.click(screen.getByRole('button', { name: 'Change passcode' }));
    const change = await dialog('Change passcode');
    await vi.waitFor(() => expect(within(change).getByLabelText('Current passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('1234');
    await vi.waitFor(() => expect(within(change).getByLabelText('New passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('5678');
    await vi.waitFor(() => expect(within(change).getByLabelText('Repeat passcode digit 1')).toHaveFocus(), SLOW);
    await user.keyboard('5678');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    const record = readPasscode(member.id)!;
    expect(await verifyPasscode('5678', record)).toBe(true);
    expect(await verifyPasscode('1234', record)).toBe(false);
  });
});
