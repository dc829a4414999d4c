import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, at, createdAt, belongsTo } from './columns.ts';
import { sessions, userKey, userRef } from './users.ts';

/**
 * A browser's web push subscription, tied to the session that made it: ending the session (logout, revoke, reset,
 * account deletion) deletes the row with it, so a device signed out is never pushed to again.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: userRef(),
    sessionId: belongsTo('session_id', () => sessions.id),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which the payload is encrypted to (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_user_endpoint_idx').on(t.userId, t.endpoint),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** One row per member who changed a push setting; members without a row have the defaults (all on). */
export const pushPreferences = pgTable('push_preferences', {
  userId: userKey(),
  previews: boolean('previews').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  mentions: boolean('mentions').notNull().default(true),
  follows: boolean('follows').notNull().default(true),
  likes: boolean('likes').notNull().default(true),
  communities: boolean('communities').notNull().default(true),
  /** The mail of unread messages and mentions that came while the member was away (MISSED_MAIL_AFTER_SECONDS). */
  missedMail: boolean('missed_mail').notNull().default(true),
});

/**
 * When each member was last sent the missed-message mail. One mail per absence: a member is mailed again only once
 * they have been back since (their last seen is later than this), and a process claims the mail by moving this
 * forward, so with several processes only one sends it.
 */
export const missedMails = pgTable('missed_mails', {
  userId: userKey(),
  sentAt: at('sent_at').notNull(),
});
