import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, at, createdAt, belongsTo } from './columns.ts';
import { messages } from './chat.ts';
import { userRef, userRefOrNull } from './users.ts';

/**
 * A community. Its place is kept only as an H3 resolution-5 cell (~250 km², city level): the creator's coordinates
 * are never stored. Scan looks communities up by cell, hence the B-tree index.
 */
export const communities = pgTable(
  'communities',
  {
    id: id(),
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    paid: boolean('paid').notNull().default(false),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    placeName: text('place_name'),
    placeCell: text('place_cell'),
    createdAt: createdAt(),
  },
  (t) => [index('communities_place_cell_idx').on(t.placeCell), index('communities_owner_idx').on(t.ownerId)],
);

/** The community this row belongs to: deleting the community deletes it. */
export const communityRef = () => belongsTo('community_id', () => communities.id);

/**
 * One row per member and community: state, role, time-out and the community's mute. Each member's read position and
 * Clear chat are per channel, in conversation_members (the conversation core).
 */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: communityRef(),
    userId: userRef(),
    /** 'left': not in the community, kept only to hold a running time-out until they come back (no migration: text). */
    state: text('state', { enum: ['member', 'requested', 'invited', 'banned', 'left'] }).notNull(),
    role: text('role', { enum: ['owner', 'admin', 'moderator', 'member'] })
      .notNull()
      .default('member'),
    timeoutUntil: at('timeout_until'),
    muted: boolean('muted').notNull().default(false),
    mutedUntil: at('muted_until'),
    createdAt: createdAt(),
    /** When the state last changed: join time for members, request time for requests, ban time for bans. */
    stateAt: at('state_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId, t.state),
    index('community_members_state_idx').on(t.communityId, t.state, t.userId),
  ],
);

export const communityInvites = pgTable(
  'community_invites',
  {
    id: id(),
    communityId: communityRef(),
    code: text('code').notNull(),
    createdBy: userRefOrNull('created_by'),
    expiresAt: at('expires_at').notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('community_invites_code_idx').on(t.code), index('community_invites_community_idx').on(t.communityId, t.id)],
);

export const communityReports = pgTable(
  'community_reports',
  {
    id: id(),
    communityId: communityRef(),
    reporterId: userRef('reporter_id'),
    reportedUserId: userRefOrNull('reported_user_id'),
    /** A channel message (messages.id); gone with the message (its channel deleted), the report stays. */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: userRefOrNull('resolved_by'),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('community_reports_queue_idx').on(t.communityId, t.status, t.id)],
);

export const communityAudit = pgTable(
  'community_audit',
  {
    id: id(),
    communityId: communityRef(),
    actorId: userRef('actor_id'),
    action: text('action').notNull(),
    targetUserId: userRefOrNull('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('community_audit_community_idx').on(t.communityId, t.id)],
);
