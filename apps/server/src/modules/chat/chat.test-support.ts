import crypto from 'node:crypto';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SessionsRepository } from '../auth/sessions.repository.ts';
import { UsersRepository } from '../profile/users.repository.ts';

/** A member with a live session, made through the repositories: chat tests need many and register is rate limited. */
export async function chatMember(t: TestApp, profile: { fullName?: string; username?: string } = {}) {
  const email = `chat.${crypto.randomBytes(6).toString('hex')}@example.test`;
  // A set-up profile: members who skipped it may not send messages.
  const user = await new UsersRepository(t.db).create({ email, passwordHash: null, profileCompletedAt: new Date(), ...profile });
  const { token } = await new SessionsRepository(t.db).create({ userId: user.id, remember: false, ttlMs: 3_600_000 });
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}
export type ChatMember = Awaited<ReturnType<typeof chatMember>>;
