import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { InstanceSettings } from '@tribeverse/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../../../lib/storage';
import { serveFetch, type Answer } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';
import { RegisterPage } from './register-page';

afterEach(() => vi.restoreAllMocks());

const OPEN: InstanceSettings = { registration: 'open', rules: [], proof_of_work: false, new_account_hours: 0, approval_question: null };
const session = { access_token: 't0ken', user: { id: 1, email: 'ada@example.com' } };

function open(settings: Partial<InstanceSettings>, routes: Record<string, Answer[]> = {}, address = '/auth/register') {
  const calls = serveFetch({ '/api/instance': [[200, { ...OPEN, ...settings }]], ...routes });
  const router = createMemoryRouter(
    [
      { path: '/auth/register', element: <RegisterPage /> },
      { path: '/auth/confirm-account', element: <p>Confirm your account</p> },
    ],
    { initialEntries: [address] },
  );
  renderInApp(<RouterProvider router={router} />, noRetryClient());
  return calls;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret#123');
  await user.type(screen.getByLabelText('Confirm password'), 'secret#123');
  await user.click(screen.getByRole('checkbox', { name: /terms of service/ }));
}

const registerBody = (calls: ReturnType<typeof serveFetch>) =>
  calls.find((c) => c.path === '/api/auth/register')?.body as Record<string, unknown>;

describe('sign-up as the instance allows it', () => {
  it('says sign-ups are closed, with no form to fill in', async () => {
    open({ registration: 'closed' });
    expect(await screen.findByRole('heading', { name: 'Sign-ups are closed' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email Address')).toBeNull();
  });

  it('says sign-up is by invite only when the address carries no invite', async () => {
    open({ registration: 'invite' });
    expect(await screen.findByRole('heading', { name: 'Sign-up is by invite only' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email Address')).toBeNull();
  });

  it("sends the invite from the admins' link, and tells when the server refuses it", async () => {
    const msg = 'Sign-ups on this instance need an invite, and this one is missing, used or expired.';
    const user = userEvent.setup();
    const calls = open(
      { registration: 'invite' },
      { 'POST /api/auth/register': [[403, { code: 'REGISTRATION_CLOSED', msg }]] },
      '/auth/register?invite=abc123',
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(registerBody(calls)).toMatchObject({ email: 'ada@example.com', invite: 'abc123' });
  });

  it('shows the rules and asks them accepted before the account is made', async () => {
    const user = userEvent.setup();
    const calls = open({ rules: ['Be kind', 'No spam'] }, { 'POST /api/auth/register': [[201, session]] });
    await fillIn(user);
    const list = screen.getByRole('list');
    expect(list).toHaveTextContent('Be kind');
    expect(list).toHaveTextContent('No spam');
    const button = screen.getByRole('button', { name: 'Create account' });
    expect(button).toHaveAccessibleDescription('To create your account, add your acceptance of the rules.');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the rules' }));
    await user.click(button);
    expect(await screen.findByText('Confirm your account')).toBeInTheDocument();
    expect(registerBody(calls)).toMatchObject({ rules_accepted: true });
  });

  it('by approval: tells the newcomer their account waits for an admin and a mail will come, and signs nobody in', async () => {
    const user = userEvent.setup();
    const message = 'Your account waits for an admin to let you in.';
    open({ registration: 'approval' }, { 'POST /api/auth/register': [[202, { status: 'pending', message }]] });
    expect(await screen.findByText(/An admin lets each new account in/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Your account waits for an admin' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText(/We will send a mail to/)).toHaveTextContent('ada@example.com');
    expect(readToken()).toBeNull();
  });

  it('by approval with a question: asks it, waits for an answer, and sends the answer with the sign-up', async () => {
    const user = userEvent.setup();
    const calls = open(
      { registration: 'approval', approval_question: 'Why do you want to join?' },
      { 'POST /api/auth/register': [[202, { status: 'pending', message: 'Your account waits.' }]] },
    );
    await fillIn(user);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    expect(screen.getByText(/an answer to the question/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Why do you want to join?'), 'I sing in the choir');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Your account waits for an admin' })).toBeInTheDocument();
    expect(registerBody(calls)).toMatchObject({ approval_answer: 'I sing in the choir' });
  });

  it('solves the proof of work in the browser before sending, with a solution the server would take', async () => {
    const secret = 'test-secret';
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 500, deriveKey, hmacSignatureSecret: secret });
    let answerChallenge!: () => void;
    const challengeAsked = new Promise<void>((resolve) => (answerChallenge = resolve));
    const user = userEvent.setup();
    const calls = open(
      { proof_of_work: true },
      {
        '/api/instance/challenge': [async () => (await challengeAsked, Response.json(challenge))],
        'POST /api/auth/register': [
          [400, { code: 'CHALLENGE_FAILED', msg: 'The sign-up check did not go through: try again.' }],
          [201, session],
        ],
      },
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Checking you are not a robot…')).toBeInTheDocument();
    answerChallenge();
    expect(await screen.findByRole('alert')).toHaveTextContent('The check that you are not a robot did not go through: try again.');
    const payload = JSON.parse(atob(registerBody(calls).altcha as string));
    const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: secret });
    expect(result.verified).toBe(true);
  });
});
