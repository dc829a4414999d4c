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

  it('lets a suspended member appeal with the token the refusal carried', async () => {
    const calls = serveFetch({
      'POST /api/auth/login': [[403, { code: 'ACCOUNT_SUSPENDED', msg: 'This account is suspended: Spam', appeal_token: '7.99.sig' }]],
      'POST /api/appeals/suspension': [
        [201, { id: 3, action: 'suspend', status: 'open', text: 'I was hacked', decision_note: null, created_at: '', decided_at: null }],
      ],
    });
    const thanks = vi.spyOn(toast, 'success').mockImplementation(() => {});
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Appeal this suspension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal your suspension' });
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Say why this should be reversed.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Why should this be reversed?'), 'I was hacked');
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    await vi.waitFor(() => expect(thanks).toHaveBeenCalledWith(expect.stringContaining('mail you')));
    expect(calls.find((c) => c.path === '/api/appeals/suspension')?.body).toEqual({ token: '7.99.sig', text: 'I was hacked' });
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
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
