import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { serveFetch } from '../../../test-fetch';
import { renderRoutes } from '../../../test-render';
import { LoginPage } from './login-page';

afterEach(() => vi.restoreAllMocks());

function signIn() {
  renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], '/auth/login');
  return (async () => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email Address'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'Sup3r$ecret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  })();
}

describe('signing in to a refused account', () => {
  it("shows a suspended member the server's reason on the page, and signs nobody in", async () => {
    const msg = 'This account is suspended until 2099-01-31T12:00:00.000Z: Spam, again';
    serveFetch({ 'POST /api/auth/login': [[403, { code: 'ACCOUNT_SUSPENDED', msg }]] });
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => {});
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(toastError).not.toHaveBeenCalled();
    expect(readToken()).toBeNull();
  });

  it('keeps a wrong password to a toast, as before', async () => {
    serveFetch({ 'POST /api/auth/login': [[401, { code: 'INVALID_CREDENTIALS', msg: 'Wrong email or password.' }]] });
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => {});
    await signIn();
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Wrong email or password.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
