import crypto from 'node:crypto';
import type { TestApp } from './test-app.ts';
import { SessionsRepository } from '../../src/modules/auth/auth-sessions.repository.ts';
import { UsersRepository } from '../../src/modules/users/users.repository.ts';

/** A member with a live session, a confirmed email and a set-up profile, made straight through the repositories: for tests that need many (register is rate limited). Prefer useTestApp().member(), which goes through the API. */
export async function directMember(t: Pick<TestApp, 'db'>, profile: { fullName?: string; username?: string } = {}) {
  const email = `chat.${crypto.randomBytes(6).toString('hex')}@example.test`;
  // Confirmed, with a set-up profile: members who are not may not send messages.
  const user = await new UsersRepository(t.db).create({
    email,
    passwordHash: null,
    isConfirmed: true,
    profileCompletedAt: new Date(),
    ...profile,
  });
  const { token } = await new SessionsRepository(t.db).create({ userId: user.id, remember: false, ttlMs: 3_600_000 });
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}
export type DirectMember = Awaited<ReturnType<typeof directMember>>;

/** Makes the account Google/Apple-only, as if it had only ever signed in that way. */
export async function dropPassword(t: TestApp, userId: number) {
  await new UsersRepository(t.db).update(userId, { passwordHash: null });
}
