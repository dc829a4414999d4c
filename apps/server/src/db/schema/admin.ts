import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, belongsTo, createdAt, id } from './columns.ts';
import { messages } from './chat.ts';
import { posts } from './feed.ts';
import { userKey, userRef, userRefOrNull } from './users.ts';

/** Members an admin appointed to moderate the instance (admins themselves come from ADMIN_EMAILS, not from here). */
export const instanceModerators = pgTable('instance_moderators', {
  userId: userKey(),
  appointedBy: userRefOrNull('appointed_by'),
  createdAt: createdAt(),
});

/**
 * A report to the instance's moderators. `content` is a copy of what was reported as it stood then (for private
 * messages, only the messages the reporter chose): moderators judge that copy, and read nothing else of the
 * conversation. Separate from a community's own reports (community_reports), which go to that community's admins.
 */
export const instanceReports = pgTable(
  'instance_reports',
  {
    id: id(),
    reporterId: userRefOrNull('reporter_id'),
    targetKind: text('target_kind', { enum: ['post', 'comment', 'user', 'message', 'community'] }).notNull(),
    targetId: integer('target_id').notNull(),
    /** Whom it is about (author, sender, member, community owner): earlier reports about them are shown with it. */
    reportedUserId: userRefOrNull('reported_user_id'),
    reason: text('reason').notNull(),
    note: text('note'),
    content: jsonb('content').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    action: text('action', { enum: ['dismiss', 'remove_content', 'warn', 'silence', 'suspend'] }),
    resolutionNote: text('resolution_note'),
    resolvedBy: userRefOrNull('resolved_by'),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('instance_reports_status_idx').on(t.status, t.id), index('instance_reports_reported_user_idx').on(t.reportedUserId, t.id)],
);

/** A restriction on an account, until `until` (null: until lifted), with who imposed it (`by`) and why. */
const restriction = (by: string) => ({
  userId: userKey(),
  reason: text('reason').notNull(),
  until: at('until'),
  imposedBy: userRefOrNull(by),
  createdAt: createdAt(),
});

/** A suspended account: no sign-in, no session, no profile, posts or comments to others. */
export const accountSuspensions = pgTable('account_suspensions', restriction('suspended_by'));

/** A silenced account (Mastodon's "limit"): their posts reach only their followers; direct chats only with them. */
export const accountSilences = pgTable('account_silences', restriction('silenced_by'));

/** Every action taken in the admin area: who did what to whom, why and when. Rows are only ever added. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: id(),
    actorId: userRefOrNull('actor_id'),
    action: text('action').notNull(),
    targetUserId: userRefOrNull('target_user_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_target_idx').on(t.targetUserId)],
);

/** The instance's settings: one row (id 1), written the first time an admin changes them; defaults until then. */
export const instanceSettings = pgTable('instance_settings', {
  id: integer('id').primaryKey().default(1),
  registration: text('registration', { enum: ['open', 'approval', 'invite', 'closed'] })
    .notNull()
    .default('open'),
  rules: jsonb('rules').$type<string[]>().notNull().default([]),
  /** Sign-up needs a solved proof-of-work challenge (altcha): a flood of sign-ups costs its sender CPU. */
  proofOfWork: boolean('proof_of_work').notNull().default(false),
  /** Words and link domains refused in what members publish and send (admin-filters.ts). */
  filters: jsonb('filters').$type<Array<{ pattern: string; kind: 'word' | 'domain'; action: 'refuse' | 'hold' }>>().notNull().default([]),
  /**
   * For this many hours after sign-up an account posts no links and messages only people it follows or who follow it.
   * 0 (off) until an admin sets it: an instance chooses how wary to be of its newcomers.
   */
  newAccountHours: integer('new_account_hours').notNull().default(0),
  /** Asked at sign-up while sign-ups need approval; the answer is shown to the admins who approve. */
  approvalQuestion: text('approval_question'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Accounts that signed up while sign-ups needed approval, until an admin lets them in (or declines them). */
export const pendingRegistrations = pgTable('pending_registrations', {
  userId: userKey(),
  /** The answer to the approval question, as given at sign-up. */
  answer: text('answer'),
  createdAt: createdAt(),
});

/** Proof-of-work challenges already solved once (by signature), until they expire: each is taken once per deployment. */
export const spentChallenges = pgTable('spent_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

/** Invites to sign up while sign-ups are by invite: one account each, until `expires_at`. */
export const instanceInvites = pgTable('instance_invites', {
  code: text('code').primaryKey(),
  createdBy: userRefOrNull('created_by'),
  usedBy: userRefOrNull('used_by'),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * A post the instance's moderators took down ('removed': hidden from everyone, its author included, until an appeal
 * brings it back) or that a filter holds for review ('held': seen by its author only, until released).
 */
export const moderatedPosts = pgTable('moderated_posts', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  authorId: userRef('author_id'),
  state: text('state', { enum: ['removed', 'held'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * A message of any kind that a filter holds for review ('held': seen by its sender alone until released) or that the
 * instance's moderators took down ('removed': shown to everyone as removed). A removed message's row is emptied as a
 * deletion empties it; its text and file are kept here, served to no one, until an upheld appeal puts them back.
 */
export const moderatedMessages = pgTable(
  'moderated_messages',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    state: text('state', { enum: ['removed', 'held'] }).notNull(),
    text: text('text'),
    mediaUrl: text('media_url'),
    mediaType: text('media_type'),
    fileName: text('file_name'),
    voiceDurationMs: integer('voice_duration_ms'),
    voiceWaveform: text('voice_waveform'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderated_messages_state_idx').on(t.state, t.createdAt),
    check('moderated_messages_state_check', sql`${t.state} in ('held', 'removed')`),
  ],
);

/** A member's appeal of one moderation action (an audit log entry about them): one each, decided by staff. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: id(),
    auditId: belongsTo('audit_id', () => adminAudit.id).unique(),
    userId: userRef(),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'rejected'] })
      .notNull()
      .default('open'),
    decisionNote: text('decision_note'),
    decidedBy: userRefOrNull('decided_by'),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_appeals_status_idx').on(t.status, t.id)],
);
