import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRememberedEmail, readToken } from '../../../lib/storage';
import { LoginPage } from './login-page';
import { TwoStepPage } from './two-step-page';
import { expectSignedInWith, SIGNED_IN } from './two-step.test-support';
import { serveFetch } from '../../../test-fetch';
import { renderRoutes } from '../../../test-render';

const EMAIL = 'ada@example.com';
const CHALLENGE = {
  two_step: true,
  method: 'email',
  email_fallback: true,
  challenge_token: 'challenge-1',
  email_hint: 'a•••@example.com',
  message: 'We mailed a 6-digit code to a•••@example.com.',
  resend_in: 30,
  expires_in: 180,
  challenge_expires_in: 600,
};

/** The login page, reached from a guarded page (the route guard's state), with the two-step screen after it. */
function renderLogin() {
  renderRoutes(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/auth/two-step', element: <TwoStepPage /> },
      { path: '/scan-chat/private', element: <p>chats page</p> },
    ],
    { pathname: '/auth/login', state: { from: '/scan-chat/private' } },
  );
}

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Email Address'));
  await user.type(screen.getByLabelText('Email Address'), EMAIL);
  await user.type(screen.getByLabelText('Password'), 'Sup3r$ecret');
  await user.click(screen.getByRole('checkbox', { name: 'Remember my password' }));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return user;
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, digits = '123456') {
  await user.click(screen.getByLabelText('Sign-in code digit 1'));
  await user.keyboard(digits);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

// The set-up clears storage after each test.
afterEach(() => vi.restoreAllMocks());

describe('two-step sign-in', () => {
  it('asks for the mailed code after the password, then signs in and returns to the guarded page', async () => {
    const calls = serveFetch({
      '/api/auth/login': [[200, CHALLENGE]],
      '/api/auth/two-step/verify': [SIGNED_IN],
    });
    renderLogin();
    const user = await signInWithPassword();
    expect(screen.getByText('a•••@example.com')).toBeInTheDocument();
    expect(readToken()).toBeNull();

    await typeCode(user);
    expect(await screen.findByText('chats page')).toBeInTheDocument();
    expectSignedInWith(calls, '123456');
    // 'Remember my password' still keeps the email, as a plain sign-in does.
    expect(readRememberedEmail()).toBe(EMAIL);
  });

  it('shows a wrong code, and sends a sign-in that is over back to the password step', async () => {
    serveFetch({
      '/api/auth/login': [[200, CHALLENGE]],
      '/api/auth/two-step/verify': [
        [400, { code: 'INVALID_CODE', msg: 'Invalid code. Please try again.', field: 'code' }],
        [400, { code: 'TWO_STEP_CHALLENGE_INVALID', msg: 'This sign-in has expired. Please sign in again.' }],
      ],
    });
    renderLogin();
    const user = await signInWithPassword();
    await typeCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code. Please try again.');
    await typeCode(user);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });

  it('Back returns to the password step', async () => {
    serveFetch({ '/api/auth/login': [[200, CHALLENGE]] });
    renderLogin();
    const user = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});
