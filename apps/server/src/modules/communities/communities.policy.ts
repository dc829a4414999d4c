import type { CommunityRight, CommunityRole } from '@tribeverse/shared';

/**
 * Who may do what in a community. Each role is a fixed set of rights, each higher role a superset of the one below
 * (owner > admin > moderator > member). Acting on another member needs the right and a higher rank than theirs, and
 * a role can be granted only when the granter holds every right of it: nobody hands out more than they have.
 */
const MEMBER: readonly CommunityRight[] = ['post'];
const MODERATOR: readonly CommunityRight[] = [
  ...MEMBER,
  'review_reports',
  'remove_message',
  'timeout_member',
  'remove_member',
  'ban_member',
  'create_event',
];
const ADMIN: readonly CommunityRight[] = [...MODERATOR, 'edit_community', 'manage_requests', 'invite', 'manage_roles', 'read_audit'];
const OWNER: readonly CommunityRight[] = [...ADMIN, 'delete_community', 'transfer_ownership'];

export const ROLE_RIGHTS: Record<CommunityRole, readonly CommunityRight[]> = {
  owner: OWNER,
  admin: ADMIN,
  moderator: MODERATOR,
  member: MEMBER,
};
/** The roles that hold `right` (e.g. who manages requests to join, to tell when one arrives). */
export const rolesWithRight = (right: CommunityRight) =>
  (Object.keys(ROLE_RIGHTS) as CommunityRole[]).filter((role) => ROLE_RIGHTS[role].includes(right));
const RANK: Record<CommunityRole, number> = { owner: 3, admin: 2, moderator: 1, member: 0 };

export interface Membership {
  state: 'member' | 'requested' | 'invited' | 'banned';
  role: CommunityRole;
  timeoutUntil: Date | null;
}

/** The rights a caller holds now: none unless they are a member. */
export function rightsOf(membership: Membership | null | undefined): readonly CommunityRight[] {
  if (!membership || membership.state !== 'member') return [];
  return ROLE_RIGHTS[membership.role];
}

export const hasRight = (membership: Membership | null | undefined, right: CommunityRight) => rightsOf(membership).includes(right);

export const isMember = (membership: Membership | null | undefined): membership is Membership => membership?.state === 'member';

/**
 * Who may fetch a community message's file: a member now (not one who left, was removed or banned, nor an outsider),
 * who has not cleared it from their chat (`reader.from`: their Clear chat in its channel). Checked at every fetch, so a
 * link kept from before stops opening.
 */
export const mayFetchFile = (membership: Membership | null | undefined, reader: { from: number }, message: { id: number }) =>
  isMember(membership) && message.id > reader.from;

/** Pinning a message in a channel (and unpinning it) is moderation: moderators and up. */
export const mayPin = (membership: Membership) => hasRight(membership, 'remove_message');

/** A time-out stops writing (messages, threads, replies, posts) until it ends; reading stays. */
export const isTimedOut = (membership: Membership, now = new Date()) => membership.timeoutUntil !== null && membership.timeoutUntil > now;

/** Whether `actor` outranks `target`: moderation acts only downwards, never on peers or above. */
export const outranks = (actor: Membership, target: Membership) => RANK[actor.role] > RANK[target.role];

/**
 * Whether `actor` may remove what another member wrote (a chat message, a thread, a media post, an event): they hold
 * `right` and outrank the author as the author is now, so a moderator never removes what an admin or the owner wrote.
 * An author no longer a member (left, removed, account deleted) has no rank to protect. Authors remove their own
 * without this.
 */
export const mayRemoveContentOf = (actor: Membership, author: Membership | null | undefined, right: CommunityRight) =>
  hasRight(actor, right) && (!isMember(author) || outranks(actor, author));

/**
 * Whether `actor` may change `target`'s role to `role`: they manage roles, outrank the target as they are now, and
 * hold every right of the new role (so an admin can make admins and moderators but never an owner).
 */
export function mayGrantRole(actor: Membership, target: Membership, role: CommunityRole): boolean {
  if (role === 'owner' || !hasRight(actor, 'manage_roles') || !outranks(actor, target)) return false;
  const held = rightsOf(actor);
  return ROLE_RIGHTS[role].every((right) => held.includes(right));
}

/**
 * Which reports a reviewer may see: every report of the community except those about themself. A report never
 * reaches the member it is about (the README's promise), and a moderator who could read one about them could
 * also dismiss it; so to them it does not exist (404), and only someone else (an admin, the owner) deals with it.
 * The repository applies the scope in its queries (`notAbout`), so lists page over exactly the reports the reviewer
 * may see and a report out of scope is not found by id.
 */
export interface ReportScope {
  notAbout: number;
}
export const reportScopeOf = (reviewerId: number): ReportScope => ({ notAbout: reviewerId });
