import type {
  AuditEntry,
  Channel,
  Community,
  CommunityMember,
  CommunityOnline,
  CommunityMessage,
  CommunityReport,
  CommunityUser,
  ConversationMessage,
  Invite,
} from '@tribeverse/shared';
import type { CommunityRow } from './communities.repository.ts';
import type { Member, MemberCard } from '../users/users.service.ts';
import type { MemberRow } from './communities-members.repository.ts';
import type { InviteRow } from './communities-invites.repository.ts';
import type { ChannelRow } from './communities-channels.repository.ts';
import type { AuditRow, ReportRow } from './communities-moderation.repository.ts';
import { rightsOf } from './communities.policy.ts';

/** Row -> contract DTO, field by field. */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const GONE: CommunityUser = { id: 0, name: 'Deleted member', username: null, avatar: null };

/** Who did it, in a notification: the member as they are called at this moment. */
export const notificationActor = (userId: number, row: Pick<MemberCard, 'username' | 'fullName'> | null | undefined) => ({
  actor_id: userId,
  username: row?.username ?? null,
  name: row?.fullName ?? null,
});

/** A deleted account keeps its id (its messages stay grouped) but shows no name or picture. */
export const presentUser = (row: MemberCard | null | undefined): CommunityUser =>
  !row
    ? GONE
    : row.deletedAt
      ? { ...GONE, id: row.id }
      : { id: row.id, name: row.fullName, username: row.username, avatar: row.profilePicture };

/** A mute with an end in the past is no mute. */
export const isMuted = (m: Pick<MemberRow, 'muted' | 'mutedUntil'> | null | undefined, now = new Date()) =>
  Boolean(m?.muted && (m.mutedUntil === null || m.mutedUntil > now));

export function presentCommunity(
  row: CommunityRow,
  extra: {
    owner: MemberCard | undefined;
    memberCount: number;
    onlineCount: number;
    membership: MemberRow | null | undefined;
    unread: number;
  },
): Community {
  const m = extra.membership ?? null;
  const member = m?.state === 'member';
  const now = new Date();
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    visibility: row.visibility,
    paid: row.paid,
    interests: row.interests,
    place: row.placeName ? { name: row.placeName } : null,
    member_count: extra.memberCount,
    online_count: extra.onlineCount,
    owner: presentUser(extra.owner),
    my_role: member ? m.role : null,
    my_status: m?.state ?? null,
    my_rights: [...rightsOf(m)],
    unread_count: member && !isMuted(m, now) ? extra.unread : 0,
    muted: member && isMuted(m, now),
    muted_until: member && isMuted(m, now) ? iso(m.mutedUntil) : null,
    timeout_until: member && m.timeoutUntil && m.timeoutUntil > now ? iso(m.timeoutUntil) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A community message: the core's presentation of a channel message (presentConversationMessage), which carries the
 * community and the channel it is in.
 */
export function presentCommunityMessage(message: ConversationMessage): CommunityMessage {
  const { community_id, channel_id, group_id: _group, ...rest } = message;
  if (community_id === undefined || channel_id === undefined) throw new Error(`message ${message.id} is not a channel's`);
  return { ...rest, community_id, channel_id };
}

/** A channel in the community's list as the caller sees it: their unread count and mute. */
export const presentChannel = (row: ChannelRow, unread: number, muted: boolean): Channel => ({
  ...presentChannelListed(row),
  unread,
  muted,
});

/** A channel as everyone sees it (community:channels:changed): without anyone's own figures. */
export const presentChannelListed = (row: ChannelRow): Omit<Channel, 'unread' | 'muted'> => ({
  id: row.id,
  name: row.name,
  topic: row.topic,
  kind: row.kind,
  position: row.position,
});

export function presentMember(member: MemberRow, user: MemberCard & Pick<Member, 'bio'>, online: boolean): CommunityMember {
  // Field by field, not spread first into a literal: each property after a leading spread is added the slow way on
  // Node 20, for every member of a page.
  const { id, name, username, avatar } = presentUser(user);
  return {
    id,
    name,
    username,
    avatar,
    role: member.role,
    description: user.bio,
    joined_at: member.stateAt.toISOString(),
    timeout_until: member.timeoutUntil && member.timeoutUntil > new Date() ? member.timeoutUntil.toISOString() : null,
    online,
  };
}

/** A community's online view: how many members the viewer may see connected, and the first of them (by id) as avatars. */
export function presentOnline(communityId: number, count: number, firstIds: number[], users: MemberCard[]): CommunityOnline {
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    community_id: communityId,
    online_count: count,
    online: firstIds.map((id) => ({ id, name: byId.get(id)?.fullName ?? null, avatar: byId.get(id)?.profilePicture ?? null })),
  };
}

export const presentInvite = (row: InviteRow, publicUrl: string): Invite => ({
  code: row.code,
  url: `${publicUrl}/invite/${row.code}`,
  expires_at: row.expiresAt.toISOString(),
  max_uses: row.maxUses,
  uses: row.uses,
  revoked: row.revokedAt !== null,
  created_at: row.createdAt.toISOString(),
});

export function presentReport(
  row: ReportRow,
  users: Map<number, MemberCard>,
  message: { id: number; text: string; deleted: boolean } | null,
): CommunityReport {
  return {
    id: row.id,
    community_id: row.communityId,
    reason: row.reason,
    status: row.status,
    reporter: presentUser(users.get(row.reporterId)),
    reported_user: row.reportedUserId ? presentUser(users.get(row.reportedUserId)) : null,
    message,
    created_at: row.createdAt.toISOString(),
    resolved_by: row.resolvedBy ? presentUser(users.get(row.resolvedBy)) : null,
    resolved_at: iso(row.resolvedAt),
  };
}

export const presentAudit = (row: AuditRow, users: Map<number, MemberCard>): AuditEntry => ({
  id: row.id,
  action: row.action as AuditEntry['action'],
  actor: presentUser(users.get(row.actorId)),
  target_user: row.targetUserId ? presentUser(users.get(row.targetUserId)) : null,
  details: row.details,
  created_at: row.createdAt.toISOString(),
});

/** The profile's created/followed tabs, in the spec's shape. */
export const presentProfileCard = (row: CommunityRow) => ({
  id: row.id,
  image: row.image,
  heading: row.name,
  title:
    row.placeName ?? (row.interests.slice(0, 3).join(', ') || (row.visibility === 'private' ? 'Private community' : 'Public community')),
  desc: row.description,
});
