import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './register-page';
import { serveFetch } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';

afterEach(() => vi.restoreAllMocks());

async function renderPage() {
  serveFetch({ '/api/instance': [[200, { registration: 'open', rules: [], proof_of_work: false }]] });
  const router = createMemoryRouter([{ path: '/auth/register', element: <RegisterPage /> }], { initialEntries: ['/auth/register'] });
  renderInApp(<RouterProvider router={router} />, noRetryClient());
  await screen.findByLabelText('Email Address');
}

describe('register form', () => {
  it('enables Create account only for a valid email, matching passwords and ticked terms', async () => {
    const user = userEvent.setup();
    await renderPage();
    const button = screen.getByRole('button', { name: 'Create account' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email Address'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'secret#123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret#12');
    expect(screen.getByText('Password does not match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), '3');
    expect(screen.queryByText('Password does not match')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email Address'), '.com');
    expect(button).toBeEnabled();
    await user.click(screen.getByRole('checkbox'));
    expect(button).toBeDisabled();
  });

  it('checks what the hint promises and says what is missing while the button is disabled', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(screen.getByText('At least 8 characters, with a number and a special character')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Create account' });
    expect(button).toHaveAccessibleDescription(/To create your account, add a valid email address, a password as described/);
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    expect(screen.getByText('Must contain a number. Must contain a special character')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '1!');
    expect(screen.queryByText(/Must contain/)).toBeNull();
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1!');
    expect(button).toHaveAccessibleDescription('To create your account, add your agreement to the terms.');
    await user.click(screen.getByRole('checkbox'));
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription();
  });
});
