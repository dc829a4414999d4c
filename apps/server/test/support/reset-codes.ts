import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { resetCodeRequests, verificationCodes } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { randomClientAddress } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * Moves the address's last reset code `sent` seconds into the past (and its hourly window `window` seconds). Half
 * a second more, so that two answers read a moment apart round to the same whole seconds.
 */
export const backdateResetCode = (t: TestApp, email: string, ago: { sent: number; window?: number }) =>
  t.db
    .update(resetCodeRequests)
    .set({
      lastSentAt: new Date(Date.now() - ago.sent * 1000 - 500),
      ...(ago.window !== undefined && { windowStartedAt: new Date(Date.now() - ago.window * 1000 - 500) }),
    })
    .where(eq(resetCodeRequests.emailHash, sha256(email.toLowerCase())));

export const RESET_SUBJECT = /password reset code/;

/** The reset-code endpoints as a signed-out client calls them, each call from an address of its own unless given. */
export function resetCodeCalls(t: TestApp) {
  const post = (url: string, payload: unknown, remoteAddress = randomClientAddress()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const sendCode = (email: string, ip?: string) => post('/api/send-reset-code', { email }, ip);
  return {
    post,
    sendCode,
    verify: (email: string, code: unknown) => post('/api/verify-reset-code', { email, code }),
    /** The member's reset codes as stored. */
    resetCodes: (userId: number) =>
      t.db
        .select()
        .from(verificationCodes)
        .where(sql`${verificationCodes.userId} = ${userId} and ${verificationCodes.purpose} = 'reset'`),
    backdate: (email: string, ago: { sent: number; window?: number }) => backdateResetCode(t, email, ago),
    /** Asks for a code and reads it from the mail. */
    async codeFor(user: { email: string }) {
      expect((await sendCode(user.email)).statusCode).toBe(200);
      return t.mail.codeFor(user.email, RESET_SUBJECT);
    },
  };
}
