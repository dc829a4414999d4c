import { z } from '../zod.ts';
import { chatUserSchema } from './chat.ts';
import { dbIdSchema, textSchema } from './common.ts';
import { communitySchema } from './communities.ts';

/**
 * GET /api/search: one box for messages, posts, people and communities. Message filters come as words in the box
 * (`from:ada in:@ada has:image before:2026-01-31`, parsed by parseSearchQuery) or as query parameters (chips); a
 * parameter wins over the same word.
 */
export const SEARCH_TYPES = ['messages', 'posts', 'people', 'communities'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_QUERY_MAX = 500;
export const SEARCH_PAGE = 20;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
  .refine((d) => isRealDay(d), 'A day as YYYY-MM-DD');

export const searchQuerySchema = z.object({
  /** What the member typed; quotes, `or` and `-word` work (PostgreSQL's websearch syntax). Empty answers no results. */
  q: textSchema().max(SEARCH_QUERY_MAX, `A search is at most ${SEARCH_QUERY_MAX} characters`).default(''),
  type: z.enum(SEARCH_TYPES).default('messages'),
  /** The next_cursor of the previous page. */
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE),
  /** Messages sent by this member (user name, with or without '@'). */
  from: textSchema().trim().max(60).optional(),
  /** Messages of one conversation: a direct chat (in_id: the other person's id), a group or a channel (their id). */
  in_kind: z.enum(['direct', 'group', 'channel']).optional(),
  in_id: dbIdSchema().optional(),
  /** 'file': any attachment; 'image': a picture. */
  has: z.enum(['file', 'image']).optional(),
  /** Sent before that day began / after that day ended (UTC). */
  before_date: isoDay.optional(),
  after_date: isoDay.optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** `[start, end)` offsets into `snippet`, in JavaScript string positions (UTF-16 code units). */
export const highlightSchema = z.tuple([z.number().int(), z.number().int()]);

export const searchConversationSchema = z.object({
  kind: z.enum(['direct', 'group', 'channel']),
  /** direct: the other person's id (the chat's `peer_id`); group: the group's id; channel: the channel's id. */
  id: z.number().int(),
  name: z.string(),
  /** Channels only. */
  community_id: z.number().int().optional(),
});
export type SearchConversation = z.infer<typeof searchConversationSchema>;

export const messageSearchItemSchema = z.object({
  id: z.number().int(),
  conversation: searchConversationSchema,
  sender: chatUserSchema,
  created_at: z.string(),
  /** Its file's type and name when it has one (a picture: `image/…`). */
  media_type: z.string().nullable(),
  file_name: z.string().nullable(),
});
export type MessageSearchItem = z.infer<typeof messageSearchItemSchema>;

export const postSearchItemSchema = z.object({
  id: z.number().int(),
  author: chatUserSchema,
  created_at: z.string(),
  image_count: z.number().int(),
  /** A repost: the post it shares. */
  shared_post_id: z.number().int().nullable(),
});
export type PostSearchItem = z.infer<typeof postSearchItemSchema>;

export const personSearchItemSchema = chatUserSchema;

const result = <T extends string, I extends z.ZodType>(type: T, item: I) =>
  z.object({ type: z.literal(type), item, snippet: z.string(), highlights: z.array(highlightSchema) });

export const searchResultSchema = z.discriminatedUnion('type', [
  result('message', messageSearchItemSchema),
  result('post', postSearchItemSchema),
  result('person', personSearchItemSchema),
  result('community', communitySchema),
]);
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema), next_cursor: z.string().nullable() });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** The message filters a search box may hold as words, as the query parameters name them. */
export interface SearchFilters {
  from?: string;
  in_kind?: 'direct' | 'group' | 'channel';
  /** A group's or channel's id; for a direct chat, `in_username` names the other person instead. */
  in_id?: number;
  in_username?: string;
  has?: 'file' | 'image';
  before_date?: string;
  after_date?: string;
}

function isRealDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

const USERNAME = /^@?([A-Za-z0-9_.]{1,60})$/;

/** One filter word (`from:ada`), or null when the word is only text (an unknown key or a value that is not one). */
function filterOf(word: string): SearchFilters | null {
  const colon = word.indexOf(':');
  if (colon < 1) return null;
  const key = word.slice(0, colon).toLowerCase();
  const value = word.slice(colon + 1);
  if (key === 'from') {
    const name = USERNAME.exec(value)?.[1];
    return name ? { from: name } : null;
  }
  if (key === 'has') {
    const what = value.toLowerCase();
    return what === 'file' || what === 'image' ? { has: what } : null;
  }
  if (key === 'before' || key === 'after') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isRealDay(value)) return null;
    return key === 'before' ? { before_date: value } : { after_date: value };
  }
  if (key === 'in') {
    const place = /^(group|channel):(\d{1,10})$/i.exec(value);
    if (place) {
      const id = Number(place[2]);
      return id > 0 && id <= 2_147_483_647 ? { in_kind: place[1]!.toLowerCase() as 'group' | 'channel', in_id: id } : null;
    }
    const name = value.startsWith('@') ? USERNAME.exec(value)?.[1] : undefined;
    return name ? { in_kind: 'direct', in_username: name } : null;
  }
  return null;
}

/**
 * Splits what a member typed into the words to look for and the filters among them: `from:username`,
 * `in:@username` (the direct chat with them), `in:group:ID`, `in:channel:ID`, `has:file`, `has:image`,
 * `before:YYYY-MM-DD`, `after:YYYY-MM-DD`. A word inside quotes, or one whose value is not valid, stays text; the last
 * of two words of one key wins.
 */
export function parseSearchQuery(q: string): { text: string; filters: SearchFilters } {
  const filters: SearchFilters = {};
  const kept: string[] = [];
  // Words outside quotes are looked at; a quoted phrase (closed or not) is kept as typed.
  for (const token of q.match(/"[^"]*"?|[^\s"]+/g) ?? []) {
    const found = token.startsWith('"') ? null : filterOf(token);
    if (!found) kept.push(token);
    else {
      if (found.in_kind) {
        delete filters.in_id;
        delete filters.in_username;
      }
      Object.assign(filters, found);
    }
  }
  return { text: kept.join(' '), filters };
}
