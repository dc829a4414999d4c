import { describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, randomClientAddress } from '../../../test/support/factories.ts';
import { RESET_SUBJECT as SUBJECT, resetCodeCalls } from '../../../test/support/reset-codes.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { useSecretsWatch } from '../../../test/support/secrets.ts';

// Asking for a reset code: the per-address cooldown and hourly cap, and answers that never tell who is a member.
const t = useTestApp();
useSecretsWatch(t);

const { sendCode, verify, resetCodes, backdate, codeFor } = resetCodeCalls(t);

/**
 * A member's address and one no account has, asked for alike: each step is done to both, and their answers must be
 * the same (an answer that differed would tell who is a member).
 */
async function twoAddresses() {
  const user = await registerUser(t);
  const stranger = uniqueEmail('nobody');
  return {
    user,
    stranger,
    /** Asks for a code for both; the member's answer, once checked to be 200 and the stranger's to match it. */
    async ask() {
      const known = await sendCode(user.email);
      const unknown = await sendCode(stranger);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      return known.json();
    },
    backdate: (ago: { sent: number; window?: number }) => Promise.all([backdate(user.email, ago), backdate(stranger, ago)]),
  };
}

describe('sending a reset code', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const { user, stranger, ask } = await twoAddresses();
    // Another code may be asked for after the 30 s cooldown; the code lives 180 s.
    expect(await ask()).toEqual({
      status: 'sent',
      message: 'If an account exists for this address, we sent it a code.',
      resend_in: 30,
      expires_in: 180,
    });
    const mail = await t.mail.waitFor(user.email, SUBJECT);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(t.mail.count(stranger)).toBe(0);
  });

  it('reports a second request within the cooldown as waiting, alike for known and unknown addresses', async () => {
    const both = await twoAddresses();
    const { user, stranger } = both;
    const first = await codeFor(user);
    await sendCode(stranger);

    const again = await sendCode(user.email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'wait',
      message: expect.stringMatching(/^A code was asked for moments ago\. Please wait \d+ seconds/),
    });
    expect(again.json().resend_in).toBeGreaterThan(0);
    expect(again.json().resend_in).toBeLessThanOrEqual(30);
    expect(t.mail.count(user.email, SUBJECT)).toBe(1);

    await both.backdate({ sent: 10 });
    // The answer tells when to ask again and how long the code already sent still lives.
    expect(await both.ask()).toEqual({
      status: 'wait',
      message: 'A code was asked for moments ago. Please wait 20 seconds before asking for a new one.',
      resend_in: 20,
      expires_in: 170,
    });
    expect(t.mail.count(user.email, SUBJECT)).toBe(1);
    // The code already sent still works: a refused request does not replace it.
    expect((await resetCodes(user.id)).filter((c) => !c.consumedAt)).toHaveLength(1);
    expect((await verify(user.email, first)).statusCode).toBe(200);
  });

  it('sends five codes an hour per address, then says so, alike for known and unknown addresses', async () => {
    const both = await twoAddresses();
    const { user } = both;
    for (let i = 1; i <= 5; i++) {
      const answer = await both.ask();
      expect(answer.status).toBe('sent');
      await expect.poll(() => t.mail.count(user.email, SUBJECT)).toBe(i);
      // The fifth answer already says the next code is a long way off.
      if (i < 5) expect(answer.resend_in).toBe(30);
      else expect(answer.resend_in).toBeGreaterThan(3500);
      await both.backdate({ sent: 31 });
    }

    await both.backdate({ sent: 120, window: 600 });
    expect(await both.ask()).toEqual({
      status: 'hourly_limit',
      message: 'Too many codes were asked for this address. Please try again in 50 minutes.',
      resend_in: 3000,
      expires_in: 60,
    });
    expect(t.mail.count(user.email, SUBJECT)).toBe(5);

    // Once the hour is over, codes come again.
    await backdate(user.email, { sent: 120, window: 3600 });
    expect((await sendCode(user.email)).json()).toMatchObject({ status: 'sent', resend_in: 30 });
    await expect.poll(() => t.mail.count(user.email, SUBJECT)).toBe(6);
    const newest = await t.mail.codeFor(user.email, SUBJECT);
    expect((await verify(user.email, newest)).statusCode).toBe(200);
  });

  it('limits reset-code requests per client address', async () => {
    const ip = randomClientAddress();
    for (let i = 0; i < 5; i++) expect((await sendCode(uniqueEmail('nobody'), ip)).statusCode).toBe(200);
    const limited = await sendCode(uniqueEmail('nobody'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await sendCode(uniqueEmail('nobody'), randomClientAddress())).statusCode).toBe(200);
  });
});

describe('sending a reset code while mail cannot be sent', () => {
  it('still answers as for an unknown address: a failure must not reveal that the account exists', async () => {
    // Nothing listens on port 1: every mail fails.
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const user = await registerUser(broken);
      const ask = (email: string) =>
        broken.app.inject({ method: 'POST', url: '/api/send-reset-code', payload: { email }, remoteAddress: randomClientAddress() });
      const unknown = await ask(uniqueEmail('nobody'));
      const known = await ask(user.email);
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      await broken.close();
    }
  });
});
