import { z } from '../zod.ts';
import { COMMUNITY_LIMITS, LIMITS } from '../limits.ts';
import { dbIdSchema, nameSchema, textSchema } from './common.ts';
import { chatUserSchema } from './chat.ts';

/**
 * Communities: the community itself, membership, invites and the community chat. One schema serves HTTP and the
 * socket alike. Tabs (discussion, media, events) are in communities-tabs.ts; moderation in communities-moderation.ts.
 */

const id = dbIdSchema();

export const COMMUNITY_ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export const COMMUNITY_STATUSES = ['member', 'requested', 'invited', 'banned'] as const;
export type CommunityStatus = (typeof COMMUNITY_STATUSES)[number];

/**
 * What a role may do. Each role holds a fixed set (see the server's communities.policy.ts); the community DTO tells
 * the caller theirs as `my_rights`, so a client shows only the buttons that work.
 */
export const COMMUNITY_RIGHTS = [
  'post',
  'edit_community',
  'delete_community',
  'transfer_ownership',
  'manage_requests',
  'invite',
  'manage_roles',
  'review_reports',
  'remove_message',
  'timeout_member',
  'remove_member',
  'ban_member',
  'read_audit',
  'create_event',
] as const;
export type CommunityRight = (typeof COMMUNITY_RIGHTS)[number];

export const communityUserSchema = chatUserSchema;
export type CommunityUser = z.infer<typeof communityUserSchema>;

export const communitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  visibility: z.enum(['public', 'private']),
  /** The spec's paid-membership flag: stored and shown; there are no payments. */
  paid: z.boolean(),
  interests: z.array(z.string()),
  /** City-level place chosen by the creator; the coordinates are never stored or returned. */
  place: z.object({ name: z.string() }).nullable(),
  member_count: z.number().int(),
  /** Members with the community's chat open now, as the caller may see them (GET …/online). */
  online_count: z.number().int(),
  owner: communityUserSchema,
  my_role: z.enum(COMMUNITY_ROLES).nullable(),
  my_status: z.enum(COMMUNITY_STATUSES).nullable(),
  my_rights: z.array(z.enum(COMMUNITY_RIGHTS)),
  /** Unread messages for the caller (0 for non-members and while muted). */
  unread_count: z.number().int(),
  muted: z.boolean(),
  /** When a timed mute ends; null for no mute or an open-ended one. */
  muted_until: z.string().nullable(),
  /** A moderator's time-out of the caller: they cannot write before this time. */
  timeout_until: z.string().nullable(),
  created_at: z.string(),
});
export type Community = z.infer<typeof communitySchema>;

const interestList = z.array(z.string().trim().min(1).max(100)).max(COMMUNITY_LIMITS.interestsMax, 'At most 10 interests');
const placeInput = z.object({
  name: textSchema().trim().min(1, 'Name the place').max(COMMUNITY_LIMITS.placeNameMax),
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
// A name members read and pick a community by: the rules of full names (no invisible or direction-changing characters).
const nameField = nameSchema({ error: 'Name the community' }).trim().min(1, 'Name the community').max(COMMUNITY_LIMITS.nameMax);
const descriptionField = textSchema().trim().max(COMMUNITY_LIMITS.descriptionMax);

/**
 * POST /api/communities: JSON, or multipart with an `image` file next to these fields (there `paid` is 'true' or
 * 'false', `interests` repeated fields or a JSON array, `place` a JSON object).
 */
export const createCommunityBodySchema = z.object({
  name: nameField,
  description: descriptionField.default(''),
  visibility: z.enum(['public', 'private']).default('public'),
  paid: z.boolean().default(false),
  interests: interestList.default([]),
  place: placeInput.nullable().optional(),
});
export type CreateCommunityBody = z.input<typeof createCommunityBodySchema>;

/** PATCH /api/communities/{id} (edit_community): any subset; `place: null` removes it. Picture: PUT …/image. */
export const updateCommunityBodySchema = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
  visibility: z.enum(['public', 'private']).optional(),
  paid: z.boolean().optional(),
  interests: interestList.optional(),
  place: placeInput.nullable().optional(),
});
export type UpdateCommunityBody = z.input<typeof updateCommunityBodySchema>;

/** DELETE /api/communities/{id} and POST …/transfer are sensitive: they ask for the password. */
export const deleteCommunityBodySchema = z.object({ password: z.string().min(1, 'Password is required').max(LIMITS.passwordMax) });
export const transferOwnershipBodySchema = z.object({
  user_id: id,
  password: z.string().min(1, 'Password is required').max(LIMITS.passwordMax),
});

export const communityParamsSchema = z.object({ id });
export const communityMemberParamsSchema = z.object({ id, userId: id });

/** GET /api/communities: the caller's own first (mine=true: only theirs), newest first; page by next_cursor. */
export const communitiesQuerySchema = z.object({
  search: textSchema().trim().max(100).optional(),
  interest: textSchema().trim().max(100).optional(),
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COMMUNITY_LIMITS.pageDefault),
});
export type CommunitiesQuery = z.input<typeof communitiesQuerySchema>;
export const communitiesPageSchema = z.object({ communities: z.array(communitySchema), next_cursor: z.string().nullable() });

/** GET /api/me/communities and GET /api/users/{id}/communities: the profile's tabs in the spec's shape. */
export const profileCommunityCardSchema = z.object({
  id: z.number().int(),
  image: z.string().nullable(),
  heading: z.string(),
  title: z.string(),
  desc: z.string(),
});
export const profileCommunitiesSchema = z.object({
  created: z.array(profileCommunityCardSchema),
  followed: z.array(profileCommunityCardSchema),
});
export type ProfileCommunities = z.infer<typeof profileCommunitiesSchema>;

/** POST …/join: public joins at once, private asks the admins. */
export const joinResultSchema = z.object({ community_id: z.number().int(), status: z.enum(['member', 'requested']) });
export type JoinResult = z.infer<typeof joinResultSchema>;
export const statusResultSchema = z.object({ community_id: z.number().int(), status: z.enum(COMMUNITY_STATUSES).nullable() });

export const joinRequestSchema = z.object({ user: communityUserSchema, requested_at: z.string() });
export const joinRequestsSchema = z.object({ requests: z.array(joinRequestSchema) });

/**
 * POST …/invitations: invite one member by id or by user name (the invite right); they accept by joining, or decline
 * by leaving.
 */
export const inviteMemberBodySchema = z.union([
  z.object({ user_id: id }),
  z.object({
    username: z
      .string()
      .trim()
      .min(1, 'Enter a user name')
      .max(60)
      .transform((u) => u.replace(/^@/, '')),
  }),
]);
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;
export const inviteMemberResultSchema = z.object({
  community_id: z.number().int(),
  user_id: z.number().int(),
  status: z.literal('invited'),
});
/** GET …/invitations (the invite right): people invited who have not answered yet, oldest first; DELETE …/invitations/{userId} withdraws one. */
export const invitedMembersSchema = z.object({ invited: z.array(communityUserSchema.extend({ invited_at: z.string() })) });
export type PendingInvitation = z.infer<typeof invitedMembersSchema>['invited'][number];

export const createInviteBodySchema = z.object({
  expires_in_hours: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.inviteMaxHours, 'An invite lasts at most 7 days').optional(),
  max_uses: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.inviteMaxUses).nullable().optional(),
});
export const inviteSchema = z.object({
  code: z.string(),
  /** The web page that accepts it: /invite/{code}. */
  url: z.string(),
  expires_at: z.string(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  revoked: z.boolean(),
  created_at: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const invitesSchema = z.object({ invites: z.array(inviteSchema) });
/** An invite code as links carry it; anything else (control characters included) is refused before the database. */
const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an invite code.');
export const inviteParamsSchema = z.object({ code: inviteCodeSchema });
export const communityInviteParamsSchema = z.object({ id, code: inviteCodeSchema });
/** GET /api/invites/{code}: what the link leads to, before accepting; 410 when it no longer works. */
export const invitePreviewSchema = z.object({ community: communitySchema, expires_at: z.string() });
export const acceptInviteResultSchema = z.object({ community_id: z.number().int(), status: z.literal('member') });

export const communityMemberSchema = communityUserSchema.extend({
  role: z.enum(COMMUNITY_ROLES),
  description: z.string().nullable(),
  joined_at: z.string(),
  timeout_until: z.string().nullable(),
  online: z.boolean(),
});
export type CommunityMember = z.infer<typeof communityMemberSchema>;
export const membersQuerySchema = z.object({
  search: textSchema().trim().max(100).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.pageMax).default(50),
});
export const membersPageSchema = z.object({ members: z.array(communityMemberSchema), next_cursor: z.string().nullable() });
/** PATCH …/members/{userId}: a role below owner (manage_roles), or a time-out (null lifts it; timeout_member). */
export const updateMemberBodySchema = z.union([
  z.object({ role: z.enum(['admin', 'moderator', 'member']) }),
  z.object({ timeout_until: z.iso.datetime({ offset: true }).nullable() }),
]);
export const removeMemberQuerySchema = z.object({
  ban: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const onlineUserSchema = z.object({ id: z.number().int(), name: z.string().nullable(), avatar: z.string().nullable() });
/** GET …/online and the socket's community:online: members with the chat open now (community:watch), the first five as avatars. */
export const communityOnlineSchema = z.object({
  community_id: z.number().int(),
  online_count: z.number().int(),
  online: z.array(onlineUserSchema),
});
export type CommunityOnline = z.infer<typeof communityOnlineSchema>;
