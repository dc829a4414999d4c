import type {
  AuditEntry,
  Community,
  CommunityMember,
  CommunityOnline,
  CommunityMessage,
  CommunityReport,
  CommunityUser,
  Invite,
} from '@tribeverse/shared';
import { privateMediaUrl } from '../../lib/private-media.ts';
import type { CommunityRow } from './communities.repository.ts';
import type { MemberRow, UserRow } from './communities-members.repository.ts';
import type { InviteRow } from './communities-invites.repository.ts';
import type { CommunityMessageRow, ReactionRow } from './communities-messages.repository.ts';
import type { AuditRow, ReportRow } from './communities-moderation.repository.ts';
import { rightsOf } from './communities.policy.ts';

/** Row -> contract DTO, field by field. */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const GONE: CommunityUser = { id: 0, name: 'Deleted member', username: null, avatar: null };

/** Who did it, in a notification: the member as they are called at this moment. */
export const notificationActor = (userId: number, row: Pick<UserRow, 'username' | 'fullName'> | null | undefined) => ({
  actor_id: userId,
  username: row?.username ?? null,
  name: row?.fullName ?? null,
});

/** A deleted account keeps its id (its messages stay grouped) but shows no name or picture. */
export const presentUser = (row: UserRow | null | undefined): CommunityUser =>
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
  extra: { owner: UserRow | undefined; memberCount: number; onlineCount: number; membership: MemberRow | null | undefined; unread: number },
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

function groupReactions(reactions: ReactionRow[]): CommunityMessage['reactions'] {
  const byEmoji = new Map<string, number[]>();
  for (const r of reactions) byEmoji.set(r.emoji, [...(byEmoji.get(r.emoji) ?? []), r.userId]);
  return [...byEmoji].map(([emoji, user_ids]) => ({ emoji, count: user_ids.length, user_ids }));
}

export function presentMessage(
  row: CommunityMessageRow,
  extra: { sender: UserRow | undefined; reactions: ReactionRow[]; replyTo: CommunityMessageRow | null },
): CommunityMessage {
  const reply = extra.replyTo;
  return {
    id: row.id,
    _id: row.id,
    text: row.text,
    // The same link for every member (one broadcast to the room); who may fetch it is checked when it is fetched.
    media_url: privateMediaUrl('community', row.id, row.mediaUrl),
    media_type: row.mediaType,
    file_name: row.fileName,
    sender_id: row.senderId,
    community_id: row.communityId,
    sender: presentUser(extra.sender),
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    edited_at: iso(row.editedAt),
    deleted: row.deletedAt !== null,
    removed: row.removedBy !== null,
    reply_to: reply
      ? { id: reply.id, text: reply.text, sender_id: reply.senderId, deleted: reply.deletedAt !== null, media_type: reply.mediaType }
      : null,
    reactions: groupReactions(extra.reactions),
  };
}

export function presentMember(member: MemberRow, user: UserRow, online: boolean): CommunityMember {
  return {
    ...presentUser(user),
    role: member.role,
    description: user.bio,
    joined_at: member.stateAt.toISOString(),
    timeout_until: member.timeoutUntil && member.timeoutUntil > new Date() ? member.timeoutUntil.toISOString() : null,
    online,
  };
}

/** A community's online view: how many members the viewer may see connected, and the first of them (by id) as avatars. */
export function presentOnline(communityId: number, count: number, firstIds: number[], users: UserRow[]): CommunityOnline {
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

export function presentReport(row: ReportRow, users: Map<number, UserRow>, message: CommunityMessageRow | null): CommunityReport {
  return {
    id: row.id,
    community_id: row.communityId,
    reason: row.reason,
    status: row.status,
    reporter: presentUser(users.get(row.reporterId)),
    reported_user: row.reportedUserId ? presentUser(users.get(row.reportedUserId)) : null,
    message: message ? { id: message.id, text: message.text, deleted: message.deletedAt !== null } : null,
    created_at: row.createdAt.toISOString(),
    resolved_by: row.resolvedBy ? presentUser(users.get(row.resolvedBy)) : null,
    resolved_at: iso(row.resolvedAt),
  };
}

export const presentAudit = (row: AuditRow, users: Map<number, UserRow>): AuditEntry => ({
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
