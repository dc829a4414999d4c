import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema/index.ts';
import { randomClientAddress, registerUser, uniqueEmail } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';

// A mail server that takes connections and never says hello: a send through it never finishes on its own.
const connections = new Set<net.Socket>();
const silentSmtp = net.createServer((socket) => connections.add(socket));
// Listening before the app is set up: its address is part of the app's settings.
await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
// After-hooks run in reverse order: this one, registered before the app's, runs once the app has closed.
afterAll(() => new Promise((resolve) => silentSmtp.close(resolve)));
const t = useTestApp({ SMTP_URL: `smtp://127.0.0.1:${(silentSmtp.address() as AddressInfo).port}` });
afterAll(() => {
  // The mails fail once their connections drop; closing the app waits for them.
  for (const socket of connections) socket.destroy();
});

describe('mail on the way', () => {
  it('sign-up and a reset request answer without waiting for a slow mail server', async () => {
    const email = uniqueEmail('slowmail');
    const registered = await t.as(null).post('/api/auth/register', { email, password: 'Secret#123' });
    expect(registered.statusCode).toBe(201);
    const reset = await t.as(null).post('/api/send-reset-code', { email });
    expect(reset.statusCode).toBe(200);
    // Both answers came while both mails are still waiting for the server's greeting.
    await expect.poll(() => connections.size).toBe(2);
  });

  it("'Resend code' answers without waiting for the mail server, and never with an error", async () => {
    const user = await registerUser(t);
    // Past the resend countdown of the sign-up code.
    await t.db
      .update(verificationCodes)
      .set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => 31)` })
      .where(eq(verificationCodes.userId, user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-account/resend',
      headers: user.auth,
      remoteAddress: randomClientAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `We sent a new code to ${user.email}.`, resend_in: 30 });
    // Both mails of this member (sign-up and resend) are still waiting for the server's greeting.
    await expect.poll(() => connections.size).toBe(4);
  });
});
