import type { ListCursor } from '@tribeverse/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { follows, postImages, postLikes, posts, users } from '../../db/schema/index.ts';
import { cursorOf } from '../../db/persistence/paging.ts';

export interface StoredImage {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export interface PostAuthorRow {
  id: number;
  username: string | null;
  fullName: string | null;
  profilePicture: string | null;
}

/** A post with everything a feed card shows. */
export interface PostView {
  id: number;
  authorId: number;
  text: string;
  contentWarning: string | null;
  hashtags: string[];
  sharedPostId: number | null;
  createdAt: Date;
  editedAt: Date | null;
  author: PostAuthorRow;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  likedByMe: boolean;
  sharedByMe: boolean;
  images: StoredImage[];
  sharedPost: PostView | null;
  /** Where this post sits in a list (see listCursorSchema). */
  cursor: string;
}

/** Which posts a list holds; each is optional and they combine with 'and'. */
export interface PostFilters {
  /** Only posts of people this member follows, and their own. */
  followedBy?: number;
  tag?: string;
  authorUsername?: string;
  authorId?: number;
  before?: ListCursor;
  postId?: number;
}

const FILTER_NAMES = ['followedBy', 'tag', 'authorUsername', 'authorId', 'before', 'postId'] as const;
/** Short names for statement names (PostgreSQL cuts names at 63 bytes); one name always means one SQL text. */
const FILTER_CODES: Record<(typeof FILTER_NAMES)[number], string> = {
  followedBy: 'f',
  tag: 't',
  authorUsername: 'u',
  authorId: 'a',
  before: 'b',
  postId: 'p',
};
/** More statements than this per process would mean something builds shapes it should not; past it, plain queries. */
const MAX_PREPARED = 200;

/**
 * A number written into the SQL text instead of sent as a parameter. PostgreSQL plans a prepared statement once for
 * every execution (a generic plan); with `limit $1` it must guess the page size (a tenth of the table), and for that
 * many rows it reads all of the viewer's likes instead of looking up ten. Only integers this module computes go here.
 */
const inline = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

const param = (name: (typeof FILTER_NAMES)[number] | 'viewerId' | 'beforeMicros' | 'beforeId') => sql.placeholder(name);

/** The pictures of a post, in order, as one JSON array (empty when none, or when the post is absent). */
const imagesOf = (postId: AnyPgColumn) =>
  sql<
    StoredImage[]
  >`(select coalesce(json_agg(json_build_object('url', i.url, 'thumbnailUrl', i.thumbnail_url, 'width', i.width, 'height', i.height) order by i.position), '[]'::json) from ${postImages} as i where i.post_id = ${postId})`;
const likedBy = (postId: AnyPgColumn) =>
  sql<boolean>`exists(select 1 from ${postLikes} as l where l.post_id = ${postId} and l.user_id = ${param('viewerId')})`;
// The unique index on (author_id, shared_post_id) answers this with one lookup.
const sharedBy = (postId: AnyPgColumn) =>
  sql<boolean>`exists(select 1 from ${posts} as s where s.shared_post_id = ${postId} and s.author_id = ${param('viewerId')})`;

/**
 * Feed cards, read in one statement per page: the page's posts are chosen first (by the feed index, walking at most
 * one page of it), then each is completed with its author, its counters (kept on the row by triggers), the viewer's
 * own flags, its pictures and, for a repost, the original with the same. Each shape of list (which filters, page size)
 * is a prepared statement built once: no SQL text is rebuilt per request, and PostgreSQL keeps one plan for it.
 */
export class PostViewsRepository {
  private readonly prepared = new Map<string, ReturnType<PostViewsRepository['prepare']>>();

  constructor(private readonly db: Db) {}

  async find(viewerId: number, filters: PostFilters, limit: number, offset = 0): Promise<PostView[]> {
    const present = FILTER_NAMES.filter((name) => filters[name] !== undefined);
    const values = {
      viewerId,
      followedBy: filters.followedBy,
      tag: filters.tag,
      authorUsername: filters.authorUsername,
      authorId: filters.authorId,
      postId: filters.postId,
      beforeMicros: filters.before?.micros,
      beforeId: filters.before?.id,
    };
    // Numbered pages far into the list are rare and unbounded in number: those run as plain statements.
    if (offset > 0) return (await this.build(present, limit, offset).execute(values)).map(toView);
    const name = `feed_posts_${present.map((f) => FILTER_CODES[f]).join('')}_${limit}`;
    let statement = this.prepared.get(name);
    if (!statement) {
      if (this.prepared.size >= MAX_PREPARED) return (await this.build(present, limit, 0).execute(values)).map(toView);
      statement = this.prepare(present, limit, name);
      this.prepared.set(name, statement);
    }
    return (await statement.execute(values)).map(toView);
  }

  private prepare(present: readonly string[], limit: number, name: string) {
    return this.build(present, limit, 0).prepare(name);
  }

  private build(present: readonly string[], limit: number, offset: number) {
    const has = (name: (typeof FILTER_NAMES)[number]) => present.includes(name);
    const where: SQL[] = [];
    if (has('postId')) where.push(eq(posts.id, param('postId')));
    if (has('followedBy'))
      where.push(
        sql`(${posts.authorId} = ${param('followedBy')} or ${posts.authorId} in (select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${param('followedBy')}))`,
      );
    if (has('tag')) where.push(sql`${posts.hashtags} @> array[${param('tag')}::text]`);
    if (has('authorUsername'))
      where.push(
        sql`${posts.authorId} = (select ${users.id} from ${users} where lower(${users.username}) = lower(${param('authorUsername')}))`,
      );
    if (has('authorId')) where.push(eq(posts.authorId, param('authorId')));
    if (has('before'))
      where.push(
        sql`(${posts.createdAt}, ${posts.id}) < ((timestamptz 'epoch' + ${param('beforeMicros')}::bigint * interval '1 microsecond'), ${param('beforeId')})`,
      );
    const page = this.db
      .select({
        id: posts.id,
        authorId: posts.authorId,
        text: posts.text,
        contentWarning: posts.contentWarning,
        hashtags: posts.hashtags,
        sharedPostId: posts.sharedPostId,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
        likesCount: posts.likesCount,
        commentsCount: posts.commentsCount,
        sharesCount: posts.sharesCount,
      })
      .from(posts)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      // One row more than asked tells whether another page exists.
      .limit(inline(limit + 1))
      .offset(offset > 0 ? inline(offset) : 0)
      .as('page');
    const original = alias(posts, 'original');
    const originalAuthor = alias(users, 'original_author');
    return this.db
      .select({
        view: sql<RawView>`json_build_object(${postFields(page, users)}, 'sharedPost', case when ${original.id} is null then null else json_build_object(${postFields(original, originalAuthor)}) end)`,
      })
      .from(page)
      .innerJoin(users, eq(users.id, page.authorId))
      .leftJoin(original, eq(original.id, page.sharedPostId))
      .leftJoin(originalAuthor, eq(originalAuthor.id, original.authorId))
      .orderBy(desc(page.createdAt), desc(page.id));
  }
}

type PostColumns = Record<
  | 'id'
  | 'authorId'
  | 'text'
  | 'contentWarning'
  | 'hashtags'
  | 'sharedPostId'
  | 'createdAt'
  | 'editedAt'
  | 'likesCount'
  | 'commentsCount'
  | 'sharesCount',
  AnyPgColumn
>;

/**
 * A card as one JSON object built by PostgreSQL (one value per row for the driver to parse, instead of some forty
 * columns each decoded on its own), with the keys of PostView; instants come as ISO text.
 */
const postFields = (post: PostColumns, author: Record<'id' | 'username' | 'fullName' | 'profilePicture', AnyPgColumn>) => sql`
  'id', ${post.id}, 'authorId', ${post.authorId}, 'text', ${post.text}, 'contentWarning', ${post.contentWarning},
  'hashtags', ${post.hashtags}, 'sharedPostId', ${post.sharedPostId}, 'createdAt', ${post.createdAt}, 'editedAt', ${post.editedAt},
  'likesCount', ${post.likesCount}, 'commentsCount', ${post.commentsCount}, 'sharesCount', ${post.sharesCount},
  'author', json_build_object('id', ${author.id}, 'username', ${author.username}, 'fullName', ${author.fullName}, 'profilePicture', ${author.profilePicture}),
  'likedByMe', ${likedBy(post.id)}, 'sharedByMe', ${sharedBy(post.id)}, 'images', ${imagesOf(post.id)}, 'cursor', ${cursorOf(post.createdAt, post.id)}`;

type RawView = Omit<PostView, 'createdAt' | 'editedAt' | 'sharedPost'> & {
  createdAt: string;
  editedAt: string | null;
  /** Absent on the embedded original: an original shares nothing. */
  sharedPost?: RawView | null;
};

function toView(row: { view: RawView }): PostView {
  return fromRaw(row.view);
}

function fromRaw(raw: RawView): PostView {
  return {
    ...raw,
    createdAt: new Date(raw.createdAt),
    editedAt: raw.editedAt === null ? null : new Date(raw.editedAt),
    sharedPost: raw.sharedPost ? fromRaw(raw.sharedPost) : null,
  };
}
