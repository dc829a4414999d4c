import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SendResetCodeResponse } from '@tribeverse/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnterCodePage } from './enter-code-page';
import { serveFetch } from '../../../test-fetch';

const EMAIL = 'ada@example.com';
const sent = (over: Partial<SendResetCodeResponse> = {}): SendResetCodeResponse => ({
  status: 'sent',
  message: 'If an account exists for this address, we sent it a code.',
  resend_in: 0,
  expires_in: 100,
  ...over,
});

function renderPage(answer: SendResetCodeResponse = sent(), at?: number) {
  const router = createMemoryRouter(
    [
      { path: '/auth/enter-code', element: <EnterCodePage /> },
      { path: '/auth/reset-password/:token', element: <p>reset page</p> },
    ],
    { initialEntries: [{ pathname: '/auth/enter-code', state: { email: EMAIL, sent: answer, at } }] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function submitCode(digits = '123456') {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Reset code digit 1'));
  await user.keyboard(digits);
  await user.click(screen.getByRole('button', { name: 'Verify code' }));
  return user;
}

const resendButton = () => screen.getByRole('button', { name: 'Resend code' });

afterEach(() => vi.restoreAllMocks());

describe('enter code page', () => {
  it("shows the spec's text for a wrong code, and lets the member try again", async () => {
    serveFetch({ '/api/verify-reset-code': [[400, { code: 'INVALID_CODE', msg: 'Invalid code. Please try again.', field: 'code' }]] });
    renderPage();
    await submitCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code. Please try again.');
    expect(screen.getByRole('button', { name: 'Verify code' })).toBeEnabled();
    expect(resendButton()).not.toHaveFocus();
  });

  it.each([
    ['TOO_MANY_ATTEMPTS', 'Too many wrong tries. Request a new code.'],
    ['CODE_EXPIRED', 'This code has expired. Request a new code.'],
  ])('shows the server message for %s and sends the member to Resend', async (code, msg) => {
    serveFetch({ '/api/verify-reset-code': [[400, { code, msg, field: 'code' }]] });
    renderPage();
    await submitCode();
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(screen.queryByText('Invalid code. Please try again.')).not.toBeInTheDocument();
    // Retyping cannot help any more (even the right code would fail): Resend is the next step.
    expect(screen.getByRole('button', { name: 'Verify code' })).toBeDisabled();
    expect(resendButton()).toHaveFocus();
  });

  it('shows the server message when verifying is rate limited', async () => {
    serveFetch({ '/api/verify-reset-code': [[429, { code: 'RATE_LIMITED', msg: 'Too many requests. Try again in 540 seconds.' }]] });
    renderPage();
    await submitCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 540 seconds.');
  });

  it('says something went wrong when the server fails', async () => {
    serveFetch({ '/api/verify-reset-code': [[500, { code: 'INTERNAL', msg: 'boom' }]] });
    renderPage();
    await submitCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('waits with Resend as long as the server said, counting down', () => {
    renderPage(sent({ resend_in: 30, expires_in: 180 }));
    expect(resendButton()).toBeDisabled();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:30');
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('3:00');
  });

  it('keeps counting from when the answer came after a reload, rather than starting over', () => {
    renderPage(sent({ resend_in: 30, expires_in: 180 }), Date.now() - 40_000);
    expect(resendButton()).toBeEnabled();
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('2:20');
  });

  it('says why no code came when asked too soon, and keeps the countdown of the code already sent', async () => {
    const wait = 'A code was asked for moments ago. Please wait 20 seconds before asking for a new one.';
    serveFetch({ '/api/send-reset-code': [[200, sent({ status: 'wait', message: wait, resend_in: 20, expires_in: 100 })]] });
    renderPage();
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('1:40');
    await userEvent.setup().click(resendButton());
    expect(await screen.findByText(wait)).toBeInTheDocument();
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('1:40');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:20');
    expect(resendButton()).toBeDisabled();
  });

  it('tells the member when the hourly limit is reached', async () => {
    const limit = 'Too many codes were asked for this address. Please try again in 50 minutes.';
    serveFetch({ '/api/send-reset-code': [[200, sent({ status: 'hourly_limit', message: limit, resend_in: 3000, expires_in: 0 })]] });
    renderPage();
    await userEvent.setup().click(resendButton());
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('50:00');
    expect(screen.getByText('The code has expired. Ask for a new one.')).toBeInTheDocument();
  });

  it('shows the message handed over by the forgot-password page when no code was sent', () => {
    const wait = 'A code was asked for moments ago. Please wait 12 seconds before asking for a new one.';
    renderPage(sent({ status: 'wait', message: wait, resend_in: 12, expires_in: 150 }));
    expect(screen.getByText(wait)).toBeInTheDocument();
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('2:30');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:12');
  });

  it('restarts both countdowns and takes codes again once a new code is sent', async () => {
    serveFetch({
      '/api/verify-reset-code': [
        [400, { code: 'TOO_MANY_ATTEMPTS', msg: 'Too many wrong tries. Request a new code.', field: 'code' }],
        [200, { resetToken: 'tok' }],
      ],
      '/api/send-reset-code': [[200, sent({ resend_in: 30, expires_in: 180 })]],
    });
    renderPage();
    const user = await submitCode();
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByTestId('code-countdown')).toHaveTextContent('3:00');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:30');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await submitCode('654321');
    expect(await screen.findByText('reset page')).toBeInTheDocument();
  });
});
