import { z } from '../zod.ts';
import { FEED_LIMITS, LIMITS } from '../limits.ts';
import { dbIdSchema, MAX_DB_ID, textSchema } from './common.ts';

/**
 * A tag or mention starts the text or follows a space or punctuation, as the post text shows it: 'x@gmail.com'
 * mentions nobody and 'a#b' is no tag.
 */
const WORD_START = '(?<![\\p{L}\\p{N}_@.])';
/** '#Tag' in any script; the stored and filtered form is lower case. */
export const HASHTAG_PATTERN = new RegExp(`${WORD_START}#([\\p{L}\\p{N}_]{1,50})`, 'gu');
/** '@username' with the username rules of the profile (3..30 letters, digits, dots, underscores). */
export const MENTION_PATTERN = new RegExp(`${WORD_START}@([A-Za-z0-9_.]{3,30})`, 'gu');

export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const m of text.matchAll(HASHTAG_PATTERN)) tags.add(m[1]!.toLowerCase());
  return [...tags];
}

/** The user names mentioned in a text, once each, in their written case. A sentence may end right after one: 'thanks @ada.' names 'ada'. */
export function extractMentions(text: string): string[] {
  const names = new Map<string, string>();
  for (const m of text.matchAll(MENTION_PATTERN)) {
    const name = m[1]!.replace(/\.+$/, '');
    if (name.length >= 3) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

export const postIdParamSchema = z.object({ id: dbIdSchema('Unknown post') });
export const commentParamsSchema = z.object({
  id: dbIdSchema('Unknown post'),
  commentId: dbIdSchema('Unknown comment'),
});
export const userPostsParamsSchema = z.object({
  userId: z.union([z.literal('me'), dbIdSchema('Unknown member')]),
});

/**
 * Where a page of a list ends: the last row's creation instant in microseconds and its id ('1732200000123456_42').
 * The next page starts after it, so rows deleted or added meanwhile never shift the pages (offset paging does).
 */
export const listCursorSchema = z
  .string({ error: 'Unknown position in the list' })
  .regex(/^\d{1,17}_\d{1,10}$/, 'Unknown position in the list')
  .transform((s) => {
    const [micros, id] = s.split('_');
    return { micros: micros!, id: Number(id) };
  })
  .refine((c) => c.id <= MAX_DB_ID, 'Unknown position in the list');
export type ListCursor = z.output<typeof listCursorSchema>;

const tagFilter = textSchema()
  .trim()
  .max(FEED_LIMITS.hashtagMax + 1)
  .transform((t) => t.replace(/^#/, '').toLowerCase());
const authorFilter = textSchema().trim().max(30);
const pageLimit = z.coerce.number().int().min(1).max(50).default(LIMITS.feedPageSize);

/** The contract's call: numbered pages, kept for clients that page by number. */
export const feedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: pageLimit,
  /** Only posts carrying this hashtag (with or without the '#'). */
  tag: tagFilter.optional(),
  /** Only posts by the member with this username (an @mention link). */
  author: authorFilter.optional(),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

/** The feed by cursor: the posts older than `before` (the `next_cursor` of the previous page). */
export const feedPageQuerySchema = z.object({
  before: listCursorSchema.optional(),
  limit: pageLimit,
  tag: tagFilter.optional(),
  author: authorFilter.optional(),
  /** 'true': only posts of the people the caller follows, and the caller's own (the 'Following' tab). */
  following: z
    .enum(['true', 'false'], { error: "following is 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});
export type FeedPageQuery = z.input<typeof feedPageQuerySchema>;

/** The figures on a member's profile card: posts (reposts included) and the likes they have received. */
export const memberPostStatsSchema = z.object({ posts: z.number().int(), likes: z.number().int() });
export type MemberPostStats = z.infer<typeof memberPostStatsSchema>;

export const userPostsQuerySchema = z.object({
  before: listCursorSchema.optional(),
  limit: pageLimit,
});

const postText = textSchema({ error: 'The post must be text' })
  .trim()
  .max(FEED_LIMITS.postTextMax, `A post can have at most ${FEED_LIMITS.postTextMax} characters`);
const contentWarning = textSchema({ error: 'The content warning must be text' })
  .trim()
  .max(FEED_LIMITS.contentWarningMax, `A content warning can have at most ${FEED_LIMITS.contentWarningMax} characters`);

/** The text fields of the multipart create call (the images are its file parts). */
export const createPostFieldsSchema = z.object({
  post: postText.optional().default(''),
  content_warning: contentWarning.optional().default(''),
  /** Made by the client once per post it composes: a retried submit with the same id returns the same post, never a second one. */
  client_id: z.uuid({ error: 'client_id must be a UUID' }).optional(),
});
export type CreatePostFields = z.input<typeof createPostFieldsSchema>;

export const updatePostBodySchema = z.object({
  post: postText,
  /** Omitted: unchanged; '' removes it. */
  content_warning: contentWarning.optional(),
});
export type UpdatePostBody = z.input<typeof updatePostBodySchema>;

/** A body-less POST arrives as null: sharing without a comment. */
export const sharePostBodySchema = z.object({ text: postText.optional().default('') }).nullish();
export type SharePostBody = z.input<typeof sharePostBodySchema>;

export const createCommentBodySchema = z.object({
  text: textSchema({ error: 'Write a comment first' })
    .trim()
    .min(1, 'Write a comment first')
    .max(FEED_LIMITS.commentMax, `A comment can have at most ${FEED_LIMITS.commentMax} characters`),
});
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

/** Oldest first: the comments after `after` (the `next_cursor` of the previous page). */
export const commentsQuerySchema = z.object({
  after: listCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(FEED_LIMITS.commentsPageSize),
});

export const postAuthorSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/** What every member sees the same way: sent in socket events as is. */
const postCoreSchema = z.object({
  _id: z.number().int(),
  post_id: z.number().int(),
  username: z.string().nullable(),
  post: z.string(),
  images: z.array(z.string()),
  thumbnails: z.array(z.string()),
  date_post_created: z.string(),
  edited_at: z.string().nullable(),
  content_warning: z.string().nullable(),
  hashtags: z.array(z.string()),
  author: postAuthorSchema,
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  shares_count: z.number().int(),
});

/** The original of a repost, embedded in it. */
export const sharedPostSchema = postCoreSchema;
export type SharedPost = z.infer<typeof sharedPostSchema>;

export const publicPostSchema = postCoreSchema.extend({
  /** Set on a repost: the post it shares (null when a repost's original is gone, which cannot normally happen). */
  shared_post: sharedPostSchema.nullable(),
});
export type PublicPost = z.infer<typeof publicPostSchema>;

/** The caller's own flags on a post. */
const viewerFlags = { liked_by_me: z.boolean(), shared_by_me: z.boolean() };

/**
 * The original of a repost with the caller's own flags on it: Like, Comment and Share on a repost act on the
 * original (as a boost does), so its card shows the original's counts and whether the caller liked or shared it.
 */
export const viewerSharedPostSchema = sharedPostSchema.extend(viewerFlags);
export type ViewerSharedPost = z.infer<typeof viewerSharedPostSchema>;

/** A post as the caller sees it: the public fields plus the caller's own flags. */
export const postSchema = publicPostSchema.extend({
  shared_post: viewerSharedPostSchema.nullable(),
  liked_by_me: z.boolean(),
  shared_by_me: z.boolean(),
  is_mine: z.boolean(),
  /** Held for review by the instance's filters: only its author sees it (marked so) until a moderator releases it. */
  held: z.boolean().optional(),
});
export type Post = z.infer<typeof postSchema>;
export const postListSchema = z.array(postSchema);
/** A page of a post list; `next_cursor` is null when there is nothing older. */
export const postPageSchema = z.object({ posts: z.array(postSchema), next_cursor: z.string().nullable() });
export type PostPage = z.infer<typeof postPageSchema>;

export const likeStateSchema = z.object({ likes_count: z.number().int(), liked_by_me: z.boolean() });
export type LikeState = z.infer<typeof likeStateSchema>;
export const shareStateSchema = z.object({ shares_count: z.number().int(), shared_by_me: z.boolean() });
export type ShareState = z.infer<typeof shareStateSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  author: postAuthorSchema,
  /** Held for review by the instance's filters: only its author sees it (marked so) until a moderator releases it. */
  held: z.boolean().optional(),
});
export type Comment = z.infer<typeof commentSchema>;
/** A page of a thread; `next_cursor` is null when the thread is read to its end. */
export const commentPageSchema = z.object({ comments: z.array(commentSchema), next_cursor: z.string().nullable() });
export type CommentPage = z.infer<typeof commentPageSchema>;
export const createCommentResponseSchema = z.object({ comment: commentSchema, comments_count: z.number().int() });
export const deleteCommentResponseSchema = z.object({ comments_count: z.number().int() });
/** Deleting a repost also says how many shares its original has left (the caller no longer shares it). */
export const deletePostResponseSchema = z.object({
  post_id: z.number().int(),
  original: z.object({ post_id: z.number().int(), shares_count: z.number().int() }).nullable(),
});
export type DeletePostResponse = z.infer<typeof deletePostResponseSchema>;

/** Socket payloads of the feed. */
export interface PostLikedEvent {
  post_id: number;
  likes_count: number;
}
export interface PostSharedEvent {
  post_id: number;
  shares_count: number;
}
export interface PostDeletedEvent {
  post_id: number;
}
export interface CommentNewEvent {
  post_id: number;
  comment: Comment;
  comments_count: number;
}
export interface CommentDeletedEvent {
  post_id: number;
  comment_id: number;
  comments_count: number;
}
