import { describe, expect, it } from 'vitest';
import { LIMITS } from '@tribeverse/shared';
import { useTestApp, type Member, type RequestClient } from '../../../test/support/harness.ts';
import { uniqueEmail } from '../../../test/support/factories.ts';
import { totpCode } from './security-totp.test-support.ts';

const t = useTestApp();

const WRONG = 'Not-the-pa55word!';
const LOCKED_MSG = /^Too many failed sign-ins for this account\. Try again in \d+ minutes?, or reset your password\.$/;

// The community calls this needs, made here: a module's tests reach another module only through its API.
async function createCommunity(owner: Member) {
  const res = await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}` });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}
async function joinCommunity(id: number, who: Member) {
  expect((await t.as(who).post(`/api/communities/${id}/join`)).statusCode).toBe(200);
}

const login = (m: Member, password = m.password) => t.as(null).post('/api/auth/login', { email: m.email, password });

/** The authenticator app on, so its password-checked calls reach the password. */
async function withAuthenticator(m: Member) {
  const { secret } = (await t.as(m).post('/api/auth/totp/setup', { password: m.password })).json();
  const on = await t.as(m).post('/api/auth/totp/enable', { password: m.password, code: totpCode(secret) });
  expect(on.statusCode).toBe(200);
  return { secret: secret as string, backupCodes: on.json().backup_codes as string[] };
}

/**
 * Every call that checks the password, set up so the password is what it checks next: `call(password)` makes the
 * request. Each prepared with the right password, which clears the account's count, before the guessing starts.
 */
type PasswordCall = (password: string) => ReturnType<RequestClient['post']>;
const passwordChecked: Array<[string, (m: Member) => Promise<PasswordCall>]> = [
  [
    'community transfer',
    async (owner) => {
      const ann = await t.member();
      const club = await createCommunity(owner);
      await joinCommunity(club.id, ann);
      return (password) => t.as(owner).post(`/api/communities/${club.id}/transfer`, { user_id: ann.id, password });
    },
  ],
  [
    'community delete',
    async (owner) => {
      const club = await createCommunity(owner);
      return (password) => t.as(owner).delete(`/api/communities/${club.id}`, { password });
    },
  ],
  ['account delete', async (m) => (password) => t.as(m).delete('/api/account', { password })],
  [
    'email change',
    async (m) => (currentPassword) =>
      t.as(m).patch('/api/auth/edit-profile', { fullName: 'Ada', username: m.username, email: uniqueEmail('moved'), currentPassword }),
  ],
  ['two-step on', async (m) => (password) => t.as(m).post('/api/auth/two-step/enable', { password })],
  ['two-step off', async (m) => (password) => t.as(m).post('/api/auth/two-step/disable', { password })],
  ['authenticator set-up', async (m) => (password) => t.as(m).post('/api/auth/totp/setup', { password })],
  [
    'authenticator enable',
    async (m) => {
      expect((await t.as(m).post('/api/auth/totp/setup', { password: m.password })).statusCode).toBe(200);
      return (password) => t.as(m).post('/api/auth/totp/enable', { password, code: '123456' });
    },
  ],
  [
    'authenticator off',
    async (m) => {
      const { backupCodes } = await withAuthenticator(m);
      return (password) => t.as(m).post('/api/auth/totp/disable', { password, code: backupCodes[0] });
    },
  ],
  [
    'backup codes',
    async (m) => {
      const { backupCodes } = await withAuthenticator(m);
      return (password) => t.as(m).post('/api/auth/totp/backup-codes', { password, code: backupCodes[0] });
    },
  ],
  [
    'password change',
    async (m) => (current_password) => t.as(m).post('/api/auth/password', { current_password, new_password: 'An0ther$ecret!' }),
  ],
];

describe('password checks behind a session share the sign-in lock', () => {
  it.each(passwordChecked)('%s: wrong guesses count toward the lock; then even the right password is refused', async (_, prepare) => {
    const m = await t.member();
    const call = await prepare(m);
    for (let i = 0; i < LIMITS.loginFailuresMax; i++) {
      const res = await call(`${WRONG}${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD', msg: 'Wrong password.' });
    }
    const locked = await call(m.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(LOCKED_MSG) });
    const signIn = await login(m);
    expect(signIn.statusCode).toBe(429);
    expect(signIn.json()).toEqual(locked.json());
  });

  it('failed sign-ins count too: a locked account is refused on a password-checked call', async () => {
    const owner = await t.member();
    const ann = await t.member();
    const club = await createCommunity(owner);
    await joinCommunity(club.id, ann);
    for (let i = 0; i < LIMITS.loginFailuresMax; i++) expect((await login(owner, `${WRONG}${i}`)).statusCode).toBe(401);
    const transfer = await t.as(owner).post(`/api/communities/${club.id}/transfer`, { user_id: ann.id, password: owner.password });
    expect(transfer.statusCode).toBe(429);
    expect((await t.as(ann).get(`/api/communities/${club.id}`)).json()).toMatchObject({ owner: { id: owner.id } });
  });

  it('guesses sent at once are counted before any is checked: no more than the budget is ever checked', async () => {
    const m = await t.member();
    const club = await createCommunity(m);
    const answers = await Promise.all(
      Array.from({ length: 3 * LIMITS.loginFailuresMax }, (_, i) =>
        t.as(m).delete(`/api/communities/${club.id}`, { password: `${WRONG}${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(LIMITS.loginFailuresMax);
    expect(codes.filter((c) => c !== 400 && c !== 429)).toEqual([]);
    expect((await login(m)).statusCode).toBe(429);
  });

  it('a right password on these calls starts the count again, as a sign-in does', async () => {
    const m = await t.member();
    for (let i = 0; i < LIMITS.loginFailuresMax - 1; i++) expect((await login(m, `${WRONG}${i}`)).statusCode).toBe(401);
    expect((await t.as(m).post('/api/auth/two-step/enable', { password: m.password })).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.loginFailuresMax - 1; i++) expect((await login(m, `${WRONG}${i}`)).statusCode).toBe(401);
    expect((await login(m)).statusCode).toBe(200);
  });
});

describe('the target is checked before the password', () => {
  it('a transfer to oneself or to a non-member answers alike with a wrong or the right password, spending nothing', async () => {
    const owner = await t.member();
    const stranger = await t.member();
    const club = await createCommunity(owner);
    const transfer = (user_id: number, password: string) => t.as(owner).post(`/api/communities/${club.id}/transfer`, { user_id, password });

    const selfWrong = await transfer(owner.id, WRONG);
    const selfRight = await transfer(owner.id, owner.password);
    expect(selfWrong.statusCode).toBe(400);
    expect(selfWrong.json()).toEqual(selfRight.json());
    const strangerWrong = await transfer(stranger.id, WRONG);
    const strangerRight = await transfer(stranger.id, owner.password);
    expect(strangerWrong.statusCode).toBe(404);
    expect(strangerWrong.json()).toEqual(strangerRight.json());

    // None of it was a guess: as many wrong ones again, and sign-in still lets the owner in.
    for (let i = 0; i < LIMITS.loginFailuresMax; i++) expect((await transfer(owner.id, `${WRONG}${i}`)).statusCode).toBe(400);
    expect((await login(owner)).statusCode).toBe(200);
  });

  it('a community the caller may not delete or hand over answers alike whatever the password', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(owner);
    await joinCommunity(club.id, ann);
    for (const password of [WRONG, ann.password]) {
      expect((await t.as(ann).delete(`/api/communities/${club.id}`, { password })).statusCode).toBe(403);
      expect((await t.as(ann).post(`/api/communities/${club.id}/transfer`, { user_id: owner.id, password })).statusCode).toBe(403);
    }
    for (let i = 0; i < LIMITS.loginFailuresMax; i++)
      expect((await t.as(ann).delete(`/api/communities/${club.id}`, { password: `${WRONG}${i}` })).statusCode).toBe(403);
    expect((await login(ann)).statusCode).toBe(200);
  });
});
