import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '@tribeverse/shared';
import { storeSession } from '../../lib/storage';
import { Sidebar } from './sidebar';
import { renderInApp } from '../../test-render';

const member = { id: 1, email: 'ada@example.com', full_name: 'Ada Lovelace', username: 'ada', profile_picture: null } as User;

function Shell() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Sidebar open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderAt(path: string) {
  storeSession('token', member);
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: [path] });
  renderInApp(<RouterProvider router={router} />);
}

describe('sidebar', () => {
  it('shows the member, highlights the current entry, locks scrolling and closes on Escape', async () => {
    const user = userEvent.setup();
    renderAt('/profile');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(nav).toHaveAttribute('aria-hidden', 'false');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(document.body).toHaveClass('scroll-locked');

    await user.keyboard('{Escape}');
    expect(nav).toHaveAttribute('aria-hidden', 'true');
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderAt('/home');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(document.querySelector('nav[aria-label="Main menu"]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps Tab inside the open panel and gives focus back to the menu button when it closes', async () => {
    const user = userEvent.setup();
    renderAt('/home');
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });
});
