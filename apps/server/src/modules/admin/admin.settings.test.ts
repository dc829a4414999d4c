import { describe, expect, it } from 'vitest';
import { PASSWORD, randomClientAddress, uniqueEmail } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, solvedChallenge, staffAndMember } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email });
const theAdmin = adminOf(t, email);

const register = (body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: uniqueEmail('signup'), password: PASSWORD, ...body },
    remoteAddress: randomClientAddress(),
  });
const signIn = (address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: address, password: PASSWORD },
    remoteAddress: randomClientAddress(),
  });
const setSettings = async (body: Record<string, unknown>) => {
  const res = await t.as(await theAdmin()).patch('/api/admin/settings', body);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('instance settings', () => {
  it('are open with no rules until an admin changes them; moderators may read but not change them', async () => {
    const admin = await theAdmin();
    const { moderator } = await staffAndMember(t, admin);
    expect((await t.as(null).get('/api/instance')).json()).toEqual({
      registration: 'open',
      rules: [],
      proof_of_work: false,
      new_account_hours: 0,
      approval_question: null,
    });
    expect((await t.as(moderator).get('/api/admin/settings')).json()).toEqual({
      registration: 'open',
      rules: [],
      proof_of_work: false,
      new_account_hours: 0,
      approval_question: null,
    });
    expect((await t.as(moderator).patch('/api/admin/settings', { registration: 'closed' })).statusCode).toBe(403);
    expect((await t.as(admin).patch('/api/admin/settings', { registration: 'sometimes' })).statusCode).toBe(400);

    expect(await setSettings({ rules: ['Be kind', 'No spam'] })).toEqual({
      registration: 'open',
      rules: ['Be kind', 'No spam'],
      proof_of_work: false,
      new_account_hours: 0,
      approval_question: null,
    });
    expect((await t.as(null).get('/api/instance')).json()).toEqual({
      registration: 'open',
      rules: ['Be kind', 'No spam'],
      proof_of_work: false,
      new_account_hours: 0,
      approval_question: null,
    });
    const audit = (await t.as(admin).get('/api/admin/audit')).json().entries;
    expect(audit[0]).toMatchObject({ action: 'settings.update', actor: { id: admin.id }, details: { rules: ['Be kind', 'No spam'] } });
  });

  it('with rules, sign-up needs them accepted', async () => {
    await setSettings({ registration: 'open', rules: ['Be kind'] });
    const refused = await register();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'rules_accepted' });
    expect((await register({ rules_accepted: true })).statusCode).toBe(201);
    await setSettings({ rules: [] });
  });

  it('closed: sign-up answers 403 REGISTRATION_CLOSED and makes no account', async () => {
    await setSettings({ registration: 'closed' });
    const address = uniqueEmail('closed');
    const res = await register({ email: address });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'REGISTRATION_CLOSED' });
    await setSettings({ registration: 'open' });
    expect((await register({ email: address })).statusCode).toBe(201);
  });

  it('invite: only with an unused invite, each good for one account', async () => {
    await setSettings({ registration: 'invite' });
    expect((await register()).json()).toMatchObject({ code: 'REGISTRATION_CLOSED' });
    expect((await register({ invite: 'made-up' })).statusCode).toBe(403);
    const invite = await t.as(await theAdmin()).post('/api/admin/invites');
    expect(invite.statusCode).toBe(201);
    expect((await register({ invite: invite.json().code })).statusCode).toBe(201);
    expect((await register({ invite: invite.json().code })).statusCode).toBe(403);
    await setSettings({ registration: 'open' });
  });

  it('approval: the account waits (202, no session, no sign-in) until an admin lets it in, and is told by mail', async () => {
    await setSettings({ registration: 'approval' });
    const address = uniqueEmail('waiting');
    const res = await register({ email: address });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending' });
    expect(res.json()).not.toHaveProperty('access_token');
    const waiting = await signIn(address);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toMatchObject({ code: 'ACCOUNT_PENDING' });

    const admin = await theAdmin();
    const list = (await t.as(admin).get('/api/admin/registrations')).json().registrations;
    const entry = list.find((r: { email: string }) => r.email === address);
    expect(entry).toBeDefined();
    const approved = await t.as(admin).post(`/api/admin/registrations/${entry.user_id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().registrations.map((r: { email: string }) => r.email)).not.toContain(address);
    expect((await t.mail.waitFor(address, /account is ready/)).subject).toContain('ready');
    expect((await signIn(address)).statusCode).toBe(200);
    await setSettings({ registration: 'open' });
  });

  it('approval with a question: asked at sign-up, answered, and the answer shown to the admins approving', async () => {
    await setSettings({ registration: 'approval', approval_question: 'Why do you want to join?' });
    expect((await t.as(null).get('/api/instance')).json()).toMatchObject({ approval_question: 'Why do you want to join?' });
    const unanswered = await register();
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json()).toMatchObject({ field: 'approval_answer' });
    const address = uniqueEmail('answering');
    const res = await register({ email: address, approval_answer: 'I run the local choir' });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/wait/i);
    const list = (await t.as(await theAdmin()).get('/api/admin/registrations')).json().registrations;
    expect(list.find((r: { email: string }) => r.email === address)).toMatchObject({ answer: 'I run the local choir' });
    await setSettings({ registration: 'open', approval_question: null });
  });

  it('proof of work: sign-up needs a solved challenge, checked on the server, each good once', async () => {
    await setSettings({ proof_of_work: true });
    expect((await t.as(null).get('/api/instance')).json()).toMatchObject({ proof_of_work: true });
    const missing = await register();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'CHALLENGE_FAILED', field: 'altcha' });
    expect((await register({ altcha: 'bm90IGEgc29sdXRpb24=' })).json()).toMatchObject({ code: 'CHALLENGE_FAILED' });

    const solved = await solvedChallenge(t);
    const payload = JSON.parse(Buffer.from(solved, 'base64').toString('utf8'));
    const wrong = { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } };
    expect((await register({ altcha: Buffer.from(JSON.stringify(wrong)).toString('base64') })).json()).toMatchObject({
      code: 'CHALLENGE_FAILED',
    });
    const harder = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 2 } } };
    expect((await register({ altcha: Buffer.from(JSON.stringify(harder)).toString('base64') })).json()).toMatchObject({
      code: 'CHALLENGE_FAILED',
    });

    expect((await register({ altcha: solved })).statusCode).toBe(201);
    expect((await register({ altcha: solved })).json()).toMatchObject({ code: 'CHALLENGE_FAILED' });
    await setSettings({ proof_of_work: false, new_account_hours: 0, approval_question: null });
    expect((await register()).statusCode).toBe(201);
  });
});
