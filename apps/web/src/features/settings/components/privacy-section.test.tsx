import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Settings } from '@tribeverse/shared';
import { PrivacySection } from './privacy-section';

const settings: Settings = {
  read_receipts: true,
  last_seen_visibility: 'everyone',
  phone_visibility: 'nobody',
  dob_visibility: 'nobody',
  location_visibility: 'everyone',
  profile_visibility: 'everyone',
  message_permission: 'everyone',
  auto_delete: 'off',
};

function Privacy() {
  const [s, setS] = useState(settings);
  return <PrivacySection s={s} save={(body) => setS((old) => ({ ...old, ...body }))} />;
}

describe('PrivacySection read receipts', () => {
  it('says what the switch does in the state it is in, on and then off', async () => {
    render(<Privacy />);
    const receipts = screen.getByRole('switch', { name: 'Read receipts' });
    expect(receipts).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('On: people see when you have read their messages, and you see when they read yours')).toBeVisible();
    expect(screen.queryByText(/neither send nor see/)).toBeNull();

    await userEvent.click(receipts);
    expect(receipts).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Off: you neither send nor see read ticks')).toBeVisible();
    expect(screen.queryByText(/^On:/)).toBeNull();
  });
});

describe('PrivacySection choices', () => {
  it('saves the picked audience and shows its hint', async () => {
    render(<Privacy />);
    const profile = screen.getByRole('combobox', { name: 'Who sees my profile page' });
    await userEvent.selectOptions(profile, 'Members only');
    expect(profile).toHaveValue('members');
    expect(screen.getByText('Only signed-in members')).toBeVisible();

    const phone = screen.getByRole('combobox', { name: 'Who sees my phone number' });
    await userEvent.selectOptions(phone, 'Followers');
    expect(phone).toHaveValue('followers');
    expect(screen.getByText('Only people who follow you')).toBeVisible();
  });
});
