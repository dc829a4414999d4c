import type { ListCursor } from '@tribeverse/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { follows, moderatedPosts, postLikes, posts, userMutes, users } from '../../db/schema/index.ts';
import { passesModeration } from '../../db/persistence/moderated-posts.ts';
import { hiddenAuthorIdsOf, unlistedAuthorIdsOf } from '../../db/persistence/members.ts';
import { CardCache } from './feed-card-cache.ts';
import { cardVersion, PostCardsRepository, type PostCard } from './feed-post-cards.repository.ts';

export type { PostAuthorRow, PostCard, StoredImage } from './feed-post-cards.repository.ts';

/**
 * A post as one viewer sees it: the card every viewer shares (the same object while it is unchanged, so it is never
 * to be modified), this viewer's own flags and, for a repost, the original seen the same way.
 */
export interface PostView {
  card: PostCard;
  likedByMe: boolean;
  sharedByMe: boolean;
  sharedPost: PostView | null;
  /** Where this post sits in a list (see listCursorSchema). */
  cursor: string;
  /** Held for review (only its author reads it). */
  held?: boolean;
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
type FilterName = (typeof FILTER_NAMES)[number];
/** Short names for statement names (PostgreSQL cuts names at 63 bytes); one name always means one SQL text. */
const FILTER_CODES: Record<FilterName, string> = {
  followedBy: 'f',
  tag: 't',
  authorUsername: 'u',
  authorId: 'a',
  before: 'b',
  postId: 'p',
};
/** More statements than this per process would mean something builds shapes it should not; past it, plain queries. */
const MAX_PREPARED = 200;
/** Cards kept for every viewer: a few pages of a busy feed, a few megabytes. */
const CACHED_CARDS = 2_000;

/**
 * A number written into the SQL text instead of sent as a parameter. PostgreSQL plans a prepared statement once for
 * every execution (a generic plan); with `limit $1` it must guess the page size (a tenth of the table), and for that
 * many rows it reads all of the viewer's likes instead of looking up ten. Only integers this module computes go here.
 */
const inline = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

const param = (name: FilterName | 'viewerId' | 'beforeMicros' | 'beforeId') => sql.placeholder(name);

const mutedIdsOf = (viewer: ReturnType<typeof param>) =>
  sql`array(select ${userMutes.mutedId} from ${userMutes} where ${userMutes.muterId} = ${viewer})`;
/**
 * The members hidden from the viewer's lists: everywhere hidden (blocks, suspensions), silenced ones they do not
 * follow, and those they muted, as one SQL array (read once).
 */
const blockedOrMutedIdsOf = (viewer: ReturnType<typeof param>) =>
  sql<number[]>`array_cat(${unlistedAuthorIdsOf(viewer)}, ${mutedIdsOf(viewer)})`;

const likedBy = (postId: AnyPgColumn) =>
  sql<boolean>`exists(select 1 from ${postLikes} as l where l.post_id = ${postId} and l.user_id = ${param('viewerId')})`;
// The unique index on (author_id, shared_post_id) answers this with one lookup.
const sharedBy = (postId: AnyPgColumn) =>
  sql<boolean>`exists(select 1 from ${posts} as s where s.shared_post_id = ${postId} and s.author_id = ${param('viewerId')})`;

/** One post of a page: which card at which version, and this viewer's flags (also on the original of a repost). */
type PageEntry = [
  id: number,
  version: string,
  originalId: number | null,
  originalVersion: string | null,
  likedByMe: boolean,
  sharedByMe: boolean,
  originalLikedByMe: boolean,
  originalSharedByMe: boolean,
  held: boolean,
];

/**
 * Feed pages in two steps. The page statement (one per shape of list, prepared once) walks the feed index for the
 * page's posts and answers, for each, its card's row version and this viewer's own flags: small, whoever asks. The
 * cards themselves (text, author, counters, pictures) are the same for every viewer and are read only when this
 * process does not already hold that exact version, which for a page being read over and over is never.
 */
export class PostViewsRepository {
  private readonly prepared = new Map<string, ReturnType<PostViewsRepository['prepare']>>();
  private readonly cache = new CardCache<PostCard>(CACHED_CARDS);

  constructor(
    private readonly db: Db,
    private readonly cards = new PostCardsRepository(db),
  ) {}

  async find(viewerId: number, filters: PostFilters, limit: number, offset = 0): Promise<PostView[]> {
    // A post changed or deleted between the two steps would show a card from another moment than the page (or a
    // hole): asking again gives the page as it stands now. A post changed on every try is shown as it was last read.
    for (let attempt = 1; ; attempt++) {
      const entries = await this.findEntries(viewerId, filters, limit, offset);
      const { views, consistent } = await this.complete(entries, attempt === 3);
      if (consistent || attempt === 3) return views;
    }
  }

  private async findEntries(viewerId: number, filters: PostFilters, limit: number, offset: number): Promise<PageEntry[]> {
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
    const name = `feed_page_${present.map((f) => FILTER_CODES[f]).join('')}_${limit}`;
    let statement = offset === 0 ? this.prepared.get(name) : undefined;
    if (!statement && offset === 0 && this.prepared.size < MAX_PREPARED) {
      statement = this.prepare(present, limit, name);
      this.prepared.set(name, statement);
    }
    const rows = statement ? await statement.execute(values) : await this.build(present, limit, offset).execute(values);
    return rows.map((r) => r.entry);
  }

  /** The views of a page's entries, and whether every card is the version the page named. */
  private async complete(entries: PageEntry[], acceptNewer: boolean) {
    const wanted = new Map<number, string>();
    for (const [id, version, originalId, originalVersion] of entries) {
      wanted.set(id, version);
      if (originalId !== null) wanted.set(originalId, originalVersion!);
    }
    const missing = [...wanted].filter(([id, version]) => !this.cache.get(id, version)).map(([id]) => id);
    const fetched = new Map((await this.cards.findByIds(missing)).map((card) => [card.id, card]));
    for (const card of fetched.values()) this.cache.set(card);
    let consistent = true;
    const cardOf = (id: number, version: string) => {
      const card = this.cache.get(id, version) ?? (acceptNewer ? fetched.get(id) : undefined);
      if (!card) consistent = false;
      return card;
    };
    const views: PostView[] = [];
    for (const [id, version, originalId, originalVersion, liked, shared, originalLiked, originalShared, held] of entries) {
      const card = cardOf(id, version);
      const original = originalId === null ? null : cardOf(originalId, originalVersion!);
      // Gone meanwhile (deleted with its original, for a repost).
      if (!card || original === undefined) continue;
      const sharedPost = original && {
        card: original,
        likedByMe: originalLiked,
        sharedByMe: originalShared,
        sharedPost: null,
        cursor: original.cursor,
      };
      views.push({ card, likedByMe: liked, sharedByMe: shared, sharedPost, cursor: card.cursor, ...(held ? { held } : {}) });
    }
    return { views, consistent };
  }

  private prepare(present: readonly FilterName[], limit: number, name: string) {
    return this.build(present, limit, 0).prepare(name);
  }

  private build(present: readonly FilterName[], limit: number, offset: number) {
    const has = (name: FilterName) => present.includes(name);
    // A block hides each member from the other in every list and single read: their posts, and others' reposts of them.
    // A mute hides the muted member the same way from the muter's lists, but not from their own page (a list of one
    // author) nor from a single post opened by its link, as on Mastodon. A suspended member's posts are hidden from
    // everyone everywhere, as a block would, until the suspension ends; a silenced member's reach only their
    // followers' lists (their page and a link still show them, as for a mute).
    const ownPage = has('authorId') || has('authorUsername') || has('postId');
    const hidden = ownPage ? hiddenAuthorIdsOf(param('viewerId')) : blockedOrMutedIdsOf(param('viewerId'));
    const where: SQL[] = [
      sql`${posts.authorId} <> all(${hidden})`,
      sql`(${posts.sharedPostId} is null or not exists(select 1 from ${posts} as o where o.id = ${posts.sharedPostId} and o.author_id = any(${hidden})))`,
      // Taken down by the instance's moderators, or held for review (seen by its author alone).
      passesModeration(posts, param('viewerId')),
    ];
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
        sharedPostId: posts.sharedPostId,
        createdAt: posts.createdAt,
        postVersion: sql<string>`${posts}.xmin::text`.as('post_version'),
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
        // The same version text as cardVersion(posts, users) gives for the card.
        entry: sql<PageEntry>`json_build_array(${page.id}, ${page.postVersion} || ':' || ${users}.xmin::text, ${page.sharedPostId},
            ${cardVersion(original, originalAuthor)}, ${likedBy(page.id)}, ${sharedBy(page.id)}, ${likedBy(original.id)}, ${sharedBy(original.id)},
            -- Held for review: the only moderated posts a page holds are the viewer's own held ones.
            exists(select 1 from ${moderatedPosts} m where m.post_id = ${page.id}))`,
      })
      .from(page)
      .innerJoin(users, eq(users.id, page.authorId))
      .leftJoin(original, eq(original.id, page.sharedPostId))
      .leftJoin(originalAuthor, eq(originalAuthor.id, original.authorId))
      .orderBy(desc(page.createdAt), desc(page.id));
  }
}
