import { CONVERSATION_LIMITS, ErrorCode } from '@tribeverse/shared';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Reader } from '../conversations/conversations.service.ts';
import type { GroupMembership } from './chat-groups.repository.ts';
import { sendRefusal } from './chat.policy.ts';

/**
 * Who may do what in a group chat. Only its current members see a group: to anyone else (never in it, left, removed)
 * it does not exist. Admins rename it, change its picture, add and remove people, pin, and delete anyone's message.
 */

export type CurrentMembership = GroupMembership & { state: 'member' };

export const groupNotFound = () => notFound('Group not found.');

/** A current member's row, or 404. */
export function requireMember(membership: GroupMembership | null): asserts membership is CurrentMembership {
  if (!membership || membership.state !== 'member') throw groupNotFound();
}

/** Whether the row is a current member's: the check requireMember makes, for callers that answer rather than throw. */
export const isCurrentMember = (membership: GroupMembership | null): membership is CurrentMembership => membership?.state === 'member';

export function assertAdmin(membership: CurrentMembership) {
  if (membership.role !== 'admin') throw forbidden('Only the group’s admins can do that.');
}

/** What a member reads: the messages after they joined, and after their own Clear chat. */
export const readerOf = (userId: number, membership: CurrentMembership): Reader => ({
  userId,
  from: Math.max(membership.historyFrom, membership.clearedBefore),
});

/** Anyone takes themself out (leaving); only an admin takes out someone else. */
export function assertMayRemove(me: number, membership: CurrentMembership, userId: number) {
  if (userId !== me) assertAdmin(membership);
}

/** The ids a creator or an adder names, once each, never themself. */
export function distinctOthers(me: number, ids: number[], field: string): number[] {
  const unique = [...new Set(ids)];
  if (unique.includes(me)) throw badRequest('You are in the group already: pick the others.', ErrorCode.VALIDATION_FAILED, field);
  return unique;
}

/** A new group holds its creator and at least two others (3 to 100 people). */
export function assertGroupSize(others: number) {
  const min = CONVERSATION_LIMITS.groupMinMembers - 1;
  if (others < min) throw badRequest('Pick at least two people', ErrorCode.VALIDATION_FAILED, 'member_ids');
}

export const groupFull = () =>
  badRequest(`A group holds at most ${CONVERSATION_LIMITS.groupMaxMembers} people.`, ErrorCode.VALIDATION_FAILED, 'user_ids');

/**
 * Everyone named must be someone `me` may message: they exist, no block either way, and their "who may message me"
 * lets `me` write, when `me` is silenced, they follow `me`, and when `me` is a new account, one follows the other (the
 * private chat's rules and errors). The first one who is not answers for all.
 */
export function assertMayInvite(
  ids: number[],
  found: Array<{ id: number; deleted: boolean; blocked: boolean; allowed: boolean; silenced: boolean; stranger: boolean }>,
) {
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const id of ids) {
    const person = byId.get(id);
    if (!person || person.deleted) throw sendRefusal('missing');
  }
  for (const id of ids) if (byId.get(id)!.blocked) throw sendRefusal('blocked');
  for (const id of ids) if (!byId.get(id)!.allowed) throw sendRefusal('restricted');
  for (const id of ids) if (byId.get(id)!.silenced) throw sendRefusal('silenced');
  for (const id of ids) if (byId.get(id)!.stranger) throw sendRefusal('new-account');
}

/** Moderating a message (removing someone else's, pinning) is an admin's. */
export const isAdmin = (membership: CurrentMembership) => membership.role === 'admin';
