import crypto from 'node:crypto';
import { expect } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomClientAddress } from '../../../test/support/factories.ts';
import type { Member, useTestApp } from '../../../test/support/harness.ts';

/** The address ADMIN_EMAILS names in these tests: the member who registers (and confirms) it is the admin. */
export const adminEmail = () => `boss.${crypto.randomBytes(4).toString('hex')}@example.test`;

type Harness = ReturnType<typeof useTestApp>;

/** The admin of the file (ADMIN_EMAILS names `email`), registered by the first test that asks for them. */
export function adminOf(t: Harness, email: string) {
  let admin: Promise<Member> | undefined;
  return () => (admin ??= t.member({ email }));
}

/** A moderator the admin appointed, and a plain member. */
export async function staffAndMember(t: Harness, admin: Member) {
  const [moderator, member] = await t.members(2);
  const appointed = await t.as(admin).put(`/api/admin/moderators/${moderator!.id}`);
  if (appointed.statusCode !== 200) throw new Error(`appoint failed: ${appointed.statusCode} ${appointed.body}`);
  return { admin, moderator: moderator!, member: member! };
}

/** Solves the instance's sign-up challenge for real, as the altcha widget does: the payload register takes as `altcha`. */
export async function solvedChallenge(t: Harness): Promise<string> {
  const res = await t.as(null).get('/api/instance/challenge');
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode} ${res.body}`);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Signs the member in with their password, from an address of its own (the sign-in limit counts per address). */
export const signIn = (t: Harness, member: Pick<Member, 'email' | 'password'>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: member.email, password: member.password },
    remoteAddress: randomClientAddress(),
  });

export { sendDirect } from '../../../test/support/direct-messages.ts';

/** The reporter reports (`report`: the POST /api/reports body) and `staff` resolves that report: the resolve answer. */
export async function reportResolved(
  t: Harness,
  reporter: Member,
  staff: Member,
  report: Record<string, unknown>,
  resolution: { action: string; note?: string },
) {
  const made = await t.as(reporter).post('/api/reports', report);
  if (made.statusCode !== 201) throw new Error(`report failed: ${made.statusCode} ${made.body}`);
  return t.as(staff).post(`/api/admin/reports/${made.json().id}/resolve`, resolution);
}

/** An author's post, reported by another member and resolved by `staff` with `resolution`: who, the post, the answer. */
export async function postReportResolved(t: Harness, staff: Member, resolution: { action: string; note?: string }, reason = 'Spam') {
  const [author, reporter] = (await t.members(2)) as [Member, Member];
  const postId = await t.post(author, 'a post someone reports');
  const resolved = await reportResolved(t, reporter, staff, { target: { kind: 'post', id: postId }, reason }, resolution);
  return { author, reporter, postId, resolved };
}

/**
 * A moderator suspends or silences a member: refused of an admin (403), of oneself or without a reason (400), and a
 * plain member asking gets the admin area's 404. The moderator and the member they restricted.
 */
export async function restrictedByModerator(t: Harness, admin: Member, path: 'suspend' | 'silence') {
  const { moderator, member } = await staffAndMember(t, admin);
  const restrict = (by: Member, whom: Member, reason: string) => t.as(by).post(`/api/admin/users/${whom.id}/${path}`, { reason });
  expect((await restrict(moderator, admin, 'coup')).statusCode).toBe(403);
  expect((await restrict(moderator, moderator, 'me')).statusCode).toBe(400);
  expect((await restrict(member, moderator, 'x')).statusCode).toBe(404);
  expect((await restrict(moderator, member, '')).statusCode).toBe(400);
  expect((await restrict(moderator, member, 'Spam')).statusCode).toBe(200);
  return { moderator, member };
}
