import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, check, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, at, createdAt, belongsTo } from './columns.ts';
import { memberMark, userKey, userRef, userRefOrNull } from './users.ts';

/**
 * Every message of every kind: direct (between `sender_id` and `receiver_id`), or in a group or a community channel
 * (`conversation_id`); exactly one of the two is set. A deleted message keeps its row (replies and order stay intact)
 * but loses its content.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    // No foreign keys to users: checking one locks both members' rows for every message sent (a row lock and its WAL
    // record each), a fifth of the send's database work. A member's row is never deleted (an erased account stays a
    // nameless tombstone), the send statement checks the receiver exists, the sender comes from a live session, and a
    // row deleted by hand still takes its messages along (trigger in migration 0018).
    senderId: integer('sender_id').notNull(),
    receiverId: integer('receiver_id'),
    // No foreign key, for the reason above: concurrent senders to one channel would each lock its row. A deleted
    // conversation takes its messages along (trigger in migration 0022).
    conversationId: integer('conversation_id'),
    /** The sender's idempotency key: a retried send finds the message it already stored. */
    clientId: uuid('client_id'),
    text: text('text').notNull().default(''),
    mediaUrl: text('media_url'),
    mediaType: text('media_type'),
    fileName: text('file_name'),
    /** A voice message (issue 42): its length and its waveform's peaks, both read by the server from the decoded audio. */
    voiceDurationMs: integer('voice_duration_ms'),
    /** VOICE_LIMITS.waveformBars peaks, 0–255, as base64 (one byte each). */
    voiceWaveform: text('voice_waveform'),
    replyToId: integer('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
    readAt: at('read_at'),
    /** Read while either person had read receipts off: counted as read, but its read time is never shown. */
    readPrivately: boolean('read_privately').notNull().default(false),
    /** Set at send time from the sender's auto-delete timer; past it the message is gone for both people. */
    expiresAt: at('expires_at'),
    /** Set when a moderator removed it (deletedAt too). */
    removedBy: userRefOrNull('removed_by'),
    /** A line the conversation writes itself ("Ada added Ben"): no text of its own, the client words it. */
    system: jsonb('system').$type<{ event: string; actor_id: number | null; user_ids?: number[]; name?: string }>(),
    pinnedAt: at('pinned_at'),
    pinnedBy: userRefOrNull('pinned_by'),
    /** Forwarded: whose message this was a copy of (their name is shown, not where it came from). */
    forwardedFromUserId: userRefOrNull('forwarded_from_user_id'),
    /** The sender removed its link's preview before sending (issue 42): no card under it, for anyone, ever. */
    linkPreviewOff: boolean('link_preview_off').notNull().default(false),
  },
  (t) => [
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
    index('messages_pair_idx').on(t.senderId, t.receiverId, t.id),
    index('messages_receiver_idx').on(t.receiverId, t.id),
    // Messages per day (the admin dashboard), as users_created_brin_idx.
    index('messages_created_brin_idx').using('brin', t.createdAt),
    index('messages_conversation_idx')
      .on(t.conversationId, t.id)
      .where(sql`${t.conversationId} is not null`),
    index('messages_pinned_idx')
      .on(t.conversationId, t.receiverId, t.senderId)
      .where(sql`${t.pinnedAt} is not null`),
    check('messages_one_place', sql`(${t.receiverId} is null) <> (${t.conversationId} is null)`),
    check('messages_voice_whole', sql`(${t.voiceDurationMs} is null) = (${t.voiceWaveform} is null)`),
    index('messages_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
    // The cleanup's scan: only messages with a timer that still have content.
    index('messages_expiring_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null and ${t.deletedAt} is null`),
  ],
);

export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: belongsTo('message_id', () => messages.id),
    userId: userRef(),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

/**
 * Who played which voice note (issue 42), kept per member rather than per device. Written only for a note someone
 * else sent; the sender's "played" is whether any row of another member exists.
 */
export const voicePlays = pgTable(
  'voice_plays',
  {
    messageId: belongsTo('message_id', () => messages.id),
    userId: userRef(),
    playedAt: at('played_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/** 'Delete for me': the message stays for the other person and leaves only this member's history and chat list. */
export const messageHides = pgTable(
  'message_hides',
  memberMark('messageId', 'message_id', () => messages.id),
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** A block stops messages both ways. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/** When a member's last socket went away. */
export const chatPresence = pgTable('chat_presence', {
  userId: userKey(),
  lastSeenAt: at('last_seen_at').notNull(),
});

/**
 * Who is connected to each running process, as of its last beat. A process that stops beating (killed, crashed,
 * its machine gone) is noticed by the others, and its members are taken offline as of that beat: last seen written,
 * the people they talk with told.
 */
export const presenceProcesses = pgTable('presence_processes', {
  processId: uuid('process_id').primaryKey(),
  beatAt: at('beat_at').notNull(),
  memberIds: integer('member_ids').array().notNull(),
});
