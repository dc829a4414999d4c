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
});
