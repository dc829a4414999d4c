import type { ListCursor } from '@tribeverse/shared';
import { and, arrayContains, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, postComments, postImages, postLikes, posts, userBlocks, users } from '../../db/schema/index.ts';
import { CommentsRepository } from './comments.repository.ts';
import { cursorOf, instantOf, toPage, type Page } from '../../db/persistence/paging.ts';
import { publicMemberColumns } from '../../db/persistence/members.ts';

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

/** A post with everything a feed card shows, read in a fixed number of queries per page. */
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

export class FeedRepository {
  /** Comments have their own repository; the feed reaches them through this one so its service takes one store. */
  readonly comments: CommentsRepository;
  constructor(private readonly db: Db) {
    this.comments = new CommentsRepository(db);
  }

  /**
   * Counts, the viewer's flags and the pictures come from correlated subqueries in the same statement: one query
   * for the page, plus one for the originals when the page holds reposts, whatever the page size.
   */
  private selectPosts(viewerId: number) {
    return this.db
      .select({
        id: posts.id,
        authorId: posts.authorId,
        text: posts.text,
        contentWarning: posts.contentWarning,
        hashtags: posts.hashtags,
        sharedPostId: posts.sharedPostId,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
        author: publicMemberColumns,
        likesCount: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`,
        commentsCount: sql<number>`(select count(*)::int from ${postComments} where ${postComments.postId} = ${posts.id})`,
        sharesCount: sql<number>`(select count(*)::int from posts as s where s.shared_post_id = ${posts.id})`,
        likedByMe: sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
        sharedByMe: sql<boolean>`exists(select 1 from posts as s where s.shared_post_id = ${posts.id} and s.author_id = ${viewerId})`,
        images: sql<
          StoredImage[]
        >`(select coalesce(json_agg(json_build_object('url', i.url, 'thumbnailUrl', i.thumbnail_url, 'width', i.width, 'height', i.height) order by i.position), '[]'::json) from ${postImages} as i where i.post_id = ${posts.id})`,
        cursor: cursorOf(posts.createdAt, posts.id),
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId));
  }

  private async complete(rows: Omit<PostView, 'sharedPost'>[], viewerId: number): Promise<PostView[]> {
    const originalIds = [...new Set(rows.map((r) => r.sharedPostId).filter((id): id is number => id !== null))];
    const originals = originalIds.length ? await this.selectPosts(viewerId).where(inArray(posts.id, originalIds)) : [];
    const byId = new Map(originals.map((o) => [o.id, { ...o, sharedPost: null }]));
    return rows.map((r) => ({ ...r, sharedPost: r.sharedPostId !== null ? (byId.get(r.sharedPostId) ?? null) : null }));
  }

  /**
   * Newest first; filters: a hashtag, an author username or an author id. Paged by `before` (a cursor) or, for the
   * contract's numbered pages, by `page`.
   */
  async findPage(options: {
    viewerId: number;
    limit: number;
    page?: number;
    before?: ListCursor;
    tag?: string;
    authorUsername?: string;
    authorId?: number;
    /** Only posts of people this member follows, and their own. */
    followedBy?: number;
  }): Promise<Page<PostView>> {
    const filters: SQL[] = [];
    if (options.followedBy !== undefined)
      filters.push(
        sql`(${posts.authorId} = ${options.followedBy} or ${posts.authorId} in (select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${options.followedBy}))`,
      );
    if (options.tag) filters.push(arrayContains(posts.hashtags, [options.tag]));
    if (options.authorUsername) filters.push(sql`lower(${users.username}) = lower(${options.authorUsername})`);
    if (options.authorId !== undefined) filters.push(eq(posts.authorId, options.authorId));
    if (options.before) filters.push(sql`(${posts.createdAt}, ${posts.id}) < (${instantOf(options.before)}, ${options.before.id})`);
    const rows = await this.selectPosts(options.viewerId)
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(options.limit + 1)
      .offset(((options.page ?? 1) - 1) * options.limit);
    const page = toPage(rows, options.limit);
    return { rows: await this.complete(page.rows, options.viewerId), nextCursor: page.nextCursor };
  }

  async findView(id: number, viewerId: number): Promise<PostView | null> {
    const rows = await this.selectPosts(viewerId).where(eq(posts.id, id)).limit(1);
    const [view] = await this.complete(rows, viewerId);
    return view ?? null;
  }

  async findById(id: number) {
    const [row] = await this.db.select().from(posts).where(eq(posts.id, id)).limit(1);
    return row ?? null;
  }

  /** The members `userId` blocked or is blocked by: a block ends likes, comments, shares and their notices too. */
  async blockedEitherWayIds(userId: number): Promise<Set<number>> {
    const rows = await this.db
      .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
      .from(userBlocks)
      .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
  }

  /** Who did something, as a notification names them. */
  async findActor(userId: number) {
    const [row] = await this.db
      .select({ id: users.id, username: users.username, name: users.fullName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  /** Members by user name, case-insensitively (for @mentions). */
  async findIdsByUsernames(usernames: string[]) {
    if (!usernames.length) return [];
    const lowered = usernames.map((u) => u.toLowerCase());
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, lowered));
    return rows.map((r) => r.id);
  }

  async userExists(userId: number) {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    return !!row;
  }

  /**
   * The post and its images in one transaction: an acknowledged post always has all its images. With a client id
   * the author already used, nothing is written and the stored post's id comes back with `created: false`.
   */
  async create(input: {
    authorId: number;
    text: string;
    contentWarning: string | null;
    hashtags: string[];
    sharedPostId?: number;
    images?: StoredImage[];
    clientId?: string;
  }): Promise<{ id: number; created: boolean }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({
          authorId: input.authorId,
          text: input.text,
          contentWarning: input.contentWarning,
          hashtags: input.hashtags,
          sharedPostId: input.sharedPostId ?? null,
          clientId: input.clientId ?? null,
        })
        .onConflictDoNothing({ target: [posts.authorId, posts.clientId] })
        .returning({ id: posts.id });
      if (!row) return { id: (await this.findIdByClientId(input.authorId, input.clientId!, tx))!, created: false };
      const images = input.images ?? [];
      if (images.length) {
        await tx.insert(postImages).values(images.map((image, position) => ({ postId: row.id, position, ...image })));
      }
      return { id: row.id, created: true };
    });
  }

  /** The author's post made with this client id, if any. */
  async findIdByClientId(authorId: number, clientId: string, db: Pick<Db, 'select'> = this.db) {
    const [row] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.authorId, authorId), eq(posts.clientId, clientId)))
      .limit(1);
    return row?.id ?? null;
  }

  async update(id: number, values: { text: string; hashtags: string[]; contentWarning?: string | null }) {
    await this.db
      .update(posts)
      .set({
        text: values.text,
        hashtags: values.hashtags,
        editedAt: new Date(),
        ...(values.contentWarning !== undefined ? { contentWarning: values.contentWarning } : {}),
      })
      .where(eq(posts.id, id));
  }

  /** Deletes a post (its reposts, likes, comments and image rows go with it); returns what to clean up and announce. */
  async delete(id: number) {
    return this.db.transaction(async (tx) => {
      const reposts = await tx.select({ id: posts.id }).from(posts).where(eq(posts.sharedPostId, id));
      const images = await tx
        .select({ url: postImages.url, thumbnailUrl: postImages.thumbnailUrl })
        .from(postImages)
        .where(eq(postImages.postId, id));
      await tx.delete(posts).where(eq(posts.id, id));
      return { repostIds: reposts.map((r) => r.id), files: images.flatMap((i) => [i.url, i.thumbnailUrl]) };
    });
  }

  /** True when this like is new (liking twice changes nothing). */
  async like(postId: number, userId: number): Promise<boolean> {
    const inserted = await this.db
      .insert(postLikes)
      .values({ postId, userId })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId });
    return inserted.length > 0;
  }

  async unlike(postId: number, userId: number) {
    await this.db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
  }

  async likesCount(postId: number) {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(postLikes)
      .where(eq(postLikes.postId, postId));
    return row?.n ?? 0;
  }

  /** How many posts (reposts included) a member has, and how many likes those posts have received. */
  async authorStats(authorId: number) {
    const [row] = await this.db
      .select({
        posts: sql<number>`count(*)::int`,
        likes: sql<number>`coalesce(sum((select count(*) from ${postLikes} where ${postLikes.postId} = ${posts.id})), 0)::int`,
      })
      .from(posts)
      .where(eq(posts.authorId, authorId));
    return { posts: row?.posts ?? 0, likes: row?.likes ?? 0 };
  }

  async findShare(userId: number, postId: number) {
    const [row] = await this.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.authorId, userId), eq(posts.sharedPostId, postId)))
      .limit(1);
    return row?.id ?? null;
  }

  async sharesCount(postId: number) {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(eq(posts.sharedPostId, postId));
    return row?.n ?? 0;
  }
}
