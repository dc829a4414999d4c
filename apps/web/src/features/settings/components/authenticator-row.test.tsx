import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticatorRow } from './authenticator-row';
import { SessionsDialog } from './sessions-dialog';
import { serveFetch } from '../../../test-fetch';

const renderWithQuery = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const CODES = [
  'aaaa-bbbb',
  'cccc-dddd',
  'eeee-ffff',
  'gggg-hhhh',
  'iiii-jjjj',
  'kkkk-mmmm',
  'nnnn-pppp',
  'qqqq-rrrr',
  'ssss-tttt',
  'uuuu-vvvv',
];

afterEach(() => vi.restoreAllMocks());

describe('authenticator app setting', () => {
  it('sets up with the password, the QR code and a first code, then shows the backup codes once', async () => {
    const calls = serveFetch({
      '/api/auth/totp': [
        [200, { enabled: false, backup_codes_left: 0, has_password: true }],
        [200, { enabled: true, backup_codes_left: 10, has_password: true }],
      ],
      '/api/auth/totp/setup': [[200, { secret: 'ABCD EFGH', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,AAAA' }]],
      '/api/auth/totp/enable': [
        [400, { code: 'TOTP_INVALID', msg: 'That code is not right. Check your authenticator app and try again.', field: 'code' }],
        [200, { backup_codes: CODES }],
      ],
    });
    const user = userEvent.setup();
    renderWithQuery(<AuthenticatorRow />);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Sup3r$ecret');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(within(dialog).getByLabelText('Setup key')).toHaveTextContent('ABCD EFGH');

    await user.type(within(dialog).getByLabelText('Code from the app'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(/That code is not right/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Code from the app'));
    await user.type(within(dialog).getByLabelText('Code from the app'), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const list = await within(dialog).findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls.find((c) => c.path === '/api/auth/totp/enable' && (c.body as { code: string }).code === '222222')?.body).toEqual({
      password: 'Sup3r$ecret',
      code: '222222',
    });
    await user.click(within(dialog).getByRole('button', { name: 'I saved them' }));
    expect(await screen.findByText(/10 backup codes left/)).toBeInTheDocument();
    // A long journey typed key by key: room for a busy machine.
  }, 20_000);
});

describe('active sessions', () => {
  it('lists devices and signs out another one', async () => {
    const calls = serveFetch({
      '/api/auth/sessions': [
        [
          200,
          {
            sessions: [
              { id: 1, current: true, device: 'Chrome on Linux', place: null, last_used_at: new Date().toISOString(), created_at: '' },
              { id: 2, current: false, device: 'Safari on iPhone', place: null, last_used_at: '2026-01-02T10:00:00Z', created_at: '' },
            ],
          },
        ],
      ],
      '/api/auth/sessions/2': [[204, null]],
    });
    const user = userEvent.setup();
    renderWithQuery(<SessionsDialog open onOpenChange={() => {}} />);
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.getAllByText(/Location unknown/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/auth/sessions/2')).toBe(true);
  });
});
