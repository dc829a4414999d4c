import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './register-page';
import { noRetryClient, renderInApp } from '../../../test-render';

function renderPage() {
  const router = createMemoryRouter([{ path: '/auth/register', element: <RegisterPage /> }], { initialEntries: ['/auth/register'] });
  renderInApp(<RouterProvider router={router} />, noRetryClient());
}

describe('register form', () => {
  it('enables Create account only for a valid email, matching passwords and ticked terms', async () => {
    const user = userEvent.setup();
    renderPage();
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
    renderPage();
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
