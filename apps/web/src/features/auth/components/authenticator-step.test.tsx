import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../../../lib/storage';
import { TwoStepPage, type TwoStepState } from './two-step-page';
import { expectSignedInWith, SIGNED_IN } from './two-step.test-support';
import { serveFetch } from '../../../test-fetch';
import { renderRoutes } from '../../../test-render';

const STATE: TwoStepState = {
  challenge: {
    two_step: true,
    method: 'authenticator',
    email_fallback: true,
    challenge_token: 'challenge-1',
    email_hint: 'a•••@example.com',
    message: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
    resend_in: 0,
    expires_in: 180,
    challenge_expires_in: 600,
  },
  email: 'ada@example.com',
  remember: false,
  from: '/home',
  at: Date.now(),
};

function renderStep() {
  renderRoutes(
    [
      { path: '/auth/two-step', element: <TwoStepPage /> },
      { path: '/home', element: <p>home page</p> },
    ],
    { pathname: '/auth/two-step', state: STATE },
  );
}

// The set-up clears storage after each test.
afterEach(() => vi.restoreAllMocks());

describe('signing in with an authenticator app', () => {
  it('takes a backup code after a wrong app code, then signs in', async () => {
    const calls = serveFetch({
      '/api/auth/two-step/verify': [
        [400, { code: 'TOTP_INVALID', msg: 'That code is not right. Check your authenticator app and try again.' }],
        SIGNED_IN,
      ],
    });
    renderStep();
    const user = userEvent.setup();
    const field = screen.getByLabelText('Authentication code');
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from your app, or a backup code.');
    expect(calls).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    expect(readToken()).toBeNull();

    await user.type(screen.getByLabelText('Authentication code'), 'ABCD-2345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expectSignedInWith(calls, 'abcd-2345');
  });

  it('mails a code on request and switches to the mailed-code screen', async () => {
    serveFetch({
      '/api/auth/two-step/resend': [[200, { message: 'We sent a new code to a•••@example.com.', resend_in: 30, expires_in: 180 }]],
    });
    renderStep();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Email me a code instead' }));
    expect(await screen.findByLabelText('Sign-in code digit 1')).toBeInTheDocument();
    expect(screen.getByText('a•••@example.com')).toBeInTheDocument();
  });
});
