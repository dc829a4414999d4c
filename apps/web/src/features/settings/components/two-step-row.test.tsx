import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoStepRow } from './two-step-row';
import { serveFetch } from '../../../test-fetch';

const renderRow = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <TwoStepRow />
    </QueryClientProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('two-step verification setting', () => {
  it('turns on after the password is confirmed, and says a wrong password is wrong', async () => {
    const calls = serveFetch({
      '/api/auth/two-step': [[200, { enabled: false, has_password: true, email_confirmed: true }]],
      '/api/auth/two-step/enable': [
        [400, { code: 'WRONG_PASSWORD', msg: 'Wrong password.', field: 'password' }],
        [200, { enabled: true, has_password: true, email_confirmed: true }],
      ],
    });
    const user = userEvent.setup();
    renderRow();
    await screen.findByText('Off');
    const toggle = screen.getByRole('switch', { name: 'Two-step verification' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await user.type(await screen.findByLabelText('Current password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Wrong password.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Sup3r$ecret');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/^On:/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Two-step verification' })).toHaveAttribute('aria-checked', 'true');
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/auth/two-step/enable', body: { password: 'Sup3r$ecret' } });
  });

  it('cannot be turned on by a Google/Apple member, and says why', async () => {
    serveFetch({ '/api/auth/two-step': [[200, { enabled: false, has_password: false, email_confirmed: true }]] });
    renderRow();
    expect(await screen.findByText(/You sign in with Google or Apple/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Two-step verification' })).toBeDisabled();
  });
});
