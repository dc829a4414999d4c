import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';

/** Header counters: unread chat messages and unread notifications of the signed-in member. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Who did it: every notification names its actor as they were called at that moment. */
const actor = { actor_id: z.number().int(), username: z.string().nullable(), name: z.string().nullable() };

/**
 * What a notification is about, one shape per kind; the client picks the text, icon and link from `kind`.
 * A feature that tells members something adds its kind here.
 */
export const notificationContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('like'), payload: z.object({ ...actor, post_id: z.number().int() }) }),
  z.object({ kind: z.literal('share'), payload: z.object({ ...actor, post_id: z.number().int() }) }),
  z.object({
    kind: z.literal('comment'),
    payload: z.object({ ...actor, post_id: z.number().int(), comment_id: z.number().int(), text: z.string() }),
  }),
  z.object({
    kind: z.literal('mention'),
    payload: z.object({
      ...actor,
      post_id: z.number().int(),
      mentioned_in: z.literal('post').optional(),
      comment_id: z.number().int().optional(),
      text: z.string().optional(),
    }),
  }),
  // Communities: `actor` is the member who asked, left or (for approvals) nobody in particular.
  z.object({
    kind: z.literal('community_request_approved'),
    payload: z.object({ community_id: z.number().int(), community_name: z.string() }),
  }),
  z.object({
    kind: z.literal('community_request_declined'),
    payload: z.object({ community_id: z.number().int(), community_name: z.string() }),
  }),
  z.object({
    kind: z.literal('community_mention'),
    payload: z.object({
      ...actor,
      community_id: z.number().int(),
      community_name: z.string(),
      message_id: z.number().int(),
      /** The channel the message is in (absent in notifications from before channels: the first channel). */
      channel_id: z.number().int().optional(),
      /** 'mention': @name in the message; 'reply': an answer to the member's own message. */
      via: z.enum(['mention', 'reply']),
    }),
  }),
  z.object({
    kind: z.literal('community_invited'),
    payload: z.object({ ...actor, community_id: z.number().int(), community_name: z.string() }),
  }),
  z.object({
    kind: z.literal('community_join_request'),
    payload: z.object({ ...actor, community_id: z.number().int(), community_name: z.string() }),
  }),
  z.object({
    kind: z.literal('community_member_left'),
    payload: z.object({ ...actor, community_id: z.number().int(), community_name: z.string() }),
  }),
  /**
   * To the new owner. 'transfer': `actor` is the owner who handed it over; 'account_deleted': its owner deleted
   * their account and the highest-ranked member took over; nobody is named, as the account is gone (and an actor_id
   * of it would be erased with the account's other traces in others' notifications).
   */
  z.object({
    kind: z.literal('community_owner'),
    payload: z.discriminatedUnion('via', [
      z.object({ ...actor, community_id: z.number().int(), community_name: z.string(), via: z.literal('transfer') }),
      z.object({ community_id: z.number().int(), community_name: z.string(), via: z.literal('account_deleted') }),
    ]),
  }),
  /** To the admins: a report reached the queue (who reported whom is in the queue only). */
  z.object({
    kind: z.literal('community_report'),
    payload: z.object({ community_id: z.number().int(), community_name: z.string(), report_id: z.number().int() }),
  }),
  z.object({ kind: z.literal('follow'), payload: z.object(actor) }),
  /** To the reporter: the instance's moderators decided on their report ('dismissed', or what was done). */
  z.object({
    kind: z.literal('report_resolved'),
    payload: z.object({
      report_id: z.number().int(),
      target_kind: z.enum(['post', 'comment', 'user', 'message', 'community']),
      outcome: z.enum(['dismissed', 'content_removed', 'member_warned', 'member_silenced', 'member_suspended']),
    }),
  }),
  /** To the author: the instance's moderators removed their post, comment or messages (the reporter is never named). */
  z.object({
    kind: z.literal('content_removed'),
    payload: z.object({
      target_kind: z.enum(['post', 'comment', 'message', 'profile']),
      /** The moderators' words, when they gave any. */
      reason: z.string().nullable(),
      /** The action to appeal (POST /api/appeals); absent in notifications from before appeals. */
      action_id: z.number().int().optional(),
    }),
  }),
  /** To a member who appealed: staff accepted (the action is reversed) or rejected it, with their note. */
  z.object({
    kind: z.literal('appeal_decided'),
    payload: z.object({
      appeal_id: z.number().int(),
      accepted: z.boolean(),
      action: z.enum(['remove_content', 'suspend']),
      note: z.string().nullable(),
    }),
  }),
  /** To a reported member: the instance's moderators warn them, in their own words (the reporter is never named). */
  z.object({ kind: z.literal('moderator_warning'), payload: z.object({ reason: z.string().nullable() }) }),
]);
export type NotificationContent = z.infer<typeof notificationContentSchema>;
export type NotificationKind = NotificationContent['kind'];
export type NotificationPayload<K extends NotificationKind> = Extract<NotificationContent, { kind: K }>['payload'];

export const notificationSchema = z.intersection(
  z.object({
    id: z.number().int(),
    read: z.boolean(),
    created_at: z.string(),
    /** The start of the post or comment it is about, as it reads now (its content warning if it has one); null when gone or without text. */
    preview: z.string().nullable(),
  }),
  notificationContentSchema,
);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.feedPageSize),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  unreadCount: z.number().int().min(0),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const readAllResponseSchema = z.object({ message: z.string(), unreadCount: z.number().int().min(0) });

/** One notification (id) or all of them (id null) were marked read; the header counter shows unreadCount. */
export const notificationReadEventSchema = z.object({ id: z.number().int().nullable(), unreadCount: z.number().int().min(0) });
export type NotificationReadEvent = z.infer<typeof notificationReadEventSchema>;
