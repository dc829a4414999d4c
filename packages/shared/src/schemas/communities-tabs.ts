import { z } from '../zod.ts';
import { dbIdSchema, textSchema } from './common.ts';
import { communityUserSchema } from './communities.ts';

/** A community's tabs: discussion threads, media posts and events. Every list pages by `before` (an id). */

const id = dbIdSchema();
const pageQuery = z.object({ before: id.optional(), limit: z.coerce.number().int().min(1).max(50).default(20) });
const page = <T extends z.ZodTypeAny>(key: string, item: T) => z.object({ [key]: z.array(item), next_cursor: z.number().int().nullable() });

export const tabsPageQuerySchema = pageQuery;

/** Discussion: threads with a name, a starter, an optional picture and replies. */
export const threadSchema = z.object({
  id: z.number().int(),
  community_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  starter: communityUserSchema,
  reply_count: z.number().int(),
  last_reply_at: z.string().nullable(),
  created_at: z.string(),
});
export type DiscussionThread = z.infer<typeof threadSchema>;
export const threadsPageSchema = page('threads', threadSchema);
/** POST …/threads: JSON, or multipart with an `image` file. */
export const createThreadBodySchema = z.object({
  title: textSchema({ error: 'Name the thread' }).trim().min(1, 'Name the thread').max(120),
  body: textSchema().trim().max(4000).default(''),
});
export const threadParamsSchema = z.object({ id, threadId: id });
export const threadReplySchema = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  text: z.string(),
  author: communityUserSchema,
  created_at: z.string(),
});
export const threadRepliesPageSchema = page('replies', threadReplySchema);
export const createReplyBodySchema = z.object({ text: textSchema({ error: 'Write a reply' }).trim().min(1, 'Write a reply').max(4000) });

/** Media: posts with pictures, likes and shares. */
export const mediaPostSchema = z.object({
  id: z.number().int(),
  community_id: z.number().int(),
  text: z.string(),
  images: z.array(z.string()),
  author: communityUserSchema,
  likes: z.number().int(),
  shares: z.number().int(),
  liked_by_me: z.boolean(),
  created_at: z.string(),
});
export type MediaPost = z.infer<typeof mediaPostSchema>;
export const mediaPostsPageSchema = page('posts', mediaPostSchema);
/** POST …/posts: multipart, `text` and up to 4 repeated `images` files (at least one picture or some text). */
export const createMediaPostFieldsSchema = z.object({ text: textSchema().trim().max(2000).default('') });
export const MEDIA_POST_MAX_IMAGES = 4;
export const mediaPostParamsSchema = z.object({ id, postId: id });
export const mediaLikeResultSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export const mediaShareResultSchema = z.object({ shares: z.number().int() });

/** Events: a blog, video or podcast with a start time; members RSVP and see who goes. */
export const EVENT_KINDS = ['blog', 'video', 'podcast'] as const;
export const communityEventSchema = z.object({
  id: z.number().int(),
  community_id: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  starts_at: z.string(),
  host: communityUserSchema,
  going_count: z.number().int(),
  going: z.boolean(),
  /** The first few who go, for the avatars on the card; …/attendees lists them all. */
  attendees_preview: z.array(communityUserSchema),
  created_at: z.string(),
});
export type CommunityEvent = z.infer<typeof communityEventSchema>;
/** GET …/events: upcoming first by start time (`past=true`: those already started, latest first). */
export const eventsQuerySchema = pageQuery.extend({
  past: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const eventsPageSchema = page('events', communityEventSchema);
export const createEventBodySchema = z.object({
  kind: z.enum(EVENT_KINDS),
  title: textSchema({ error: 'Name the event' }).trim().min(1, 'Name the event').max(120),
  description: textSchema().trim().max(2000).default(''),
  link: z
    .url({ protocol: /^https?$/, error: 'A web address (https://…)' })
    .max(500)
    .nullable()
    .optional(),
  starts_at: z.iso.datetime({ offset: true }),
});
export const eventParamsSchema = z.object({ id, eventId: id });
export const rsvpBodySchema = z.object({ going: z.boolean() });
export const attendeesSchema = z.object({ attendees: z.array(communityUserSchema) });

/**
 * GET …/preview: what someone who has not joined a public community sees of it before joining, besides its header
 * (description, interests, member count): the newest pictures of its media tab. Never of a private community.
 */
export const COMMUNITY_PREVIEW_MEDIA = 6;
export const communityPreviewSchema = z.object({
  community_id: z.number().int(),
  recent_media: z.array(z.object({ post_id: z.number().int(), image: z.string(), created_at: z.string() })),
});
export type CommunityPreview = z.infer<typeof communityPreviewSchema>;
