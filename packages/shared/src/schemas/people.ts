import { z } from '../zod.ts';
import { dbIdSchema, textSchema } from './common.ts';
import { listCursorSchema } from './feed.ts';

/** GET /api/users/{username}: any name a link may carry; one no member has is simply not found. */
export const usernameParamSchema = z.object({ username: textSchema().trim().min(1).max(60) });
/** /api/users/{id}/… */
export const userIdParamSchema = z.object({ id: dbIdSchema('Unknown member') });

/**
 * A member someone else looks at. phone_number, dob and country are present only where the owner's settings allow this
 * viewer. A member the viewer blocked is shown only as who they are (id, username, name, avatar, `is_blocked`), with
 * every other field empty, so that they can be unblocked from their page; the blocked member gets 404 for the blocker.
 */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  education: z.string().nullable(),
  workspace: z.string().nullable(),
  relationship: z.string().nullable(),
  portfolio: z.string().nullable(),
  interests: z.array(z.object({ name: z.string(), sub_interests: z.array(z.string()) })),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  likes_count: z.number().int(),
  posts_count: z.number().int(),
  is_me: z.boolean(),
  is_following: z.boolean(),
  follows_me: z.boolean(),
  /** Whether the viewer may open a private chat with them (no block, and their 'who may message me' allows it). */
  can_message: z.boolean(),
  /** The viewer muted them: their posts and shares stay out of the viewer's feed. Only the viewer knows. */
  is_muted: z.boolean(),
  /** The viewer blocked them. */
  is_blocked: z.boolean(),
  phone_number: z.string().nullable().optional(),
  dob: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  created_at: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const followStateSchema = z.object({ following: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

export const followListQuerySchema = z.object({
  /** The next_cursor of the previous page. */
  before: listCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type FollowListQuery = z.input<typeof followListQuerySchema>;

export const personSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  is_following: z.boolean(),
  follows_me: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

export const followListSchema = z.object({ users: z.array(personSchema), next_cursor: z.string().nullable() });
export type FollowList = z.infer<typeof followListSchema>;

/**
 * follow:updated, to both members' sockets: `follower_id` now follows (or no longer follows) `followee_id`, with
 * both members' new counts so every open profile and modal updates at once.
 */
export const followUpdatedEventSchema = z.object({
  follower_id: z.number().int(),
  followee_id: z.number().int(),
  following: z.boolean(),
  follower_counts: z.object({ followers: z.number().int(), following: z.number().int() }),
  followee_counts: z.object({ followers: z.number().int(), following: z.number().int() }),
});
export type FollowUpdatedEvent = z.infer<typeof followUpdatedEventSchema>;

/** PUT and DELETE /api/users/{id}/mute. */
export const muteStateSchema = z.object({ muted: z.boolean() });
export type MuteState = z.infer<typeof muteStateSchema>;

/** GET /api/users/mutes: the members the caller muted, newest mute first. */
export const mutesListQuerySchema = followListQuerySchema;
export const mutedMemberSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  muted_at: z.string(),
});
export type MutedMember = z.infer<typeof mutedMemberSchema>;
export const mutesListSchema = z.object({ users: z.array(mutedMemberSchema), next_cursor: z.string().nullable() });
export type MutesList = z.infer<typeof mutesListSchema>;

/** mute:updated, to the muter's own sockets only (every tab): their feed drops (or reads again) that member's posts. */
export const muteUpdatedEventSchema = z.object({ user_id: z.number().int(), muted: z.boolean() });
export type MuteUpdatedEvent = z.infer<typeof muteUpdatedEventSchema>;
