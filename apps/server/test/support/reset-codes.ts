import { eq } from 'drizzle-orm';
import { resetCodeRequests } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/lib/crypto.ts';
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
