import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Db } from '../../db/client.ts';
import { accountSilences, follows, postImages, postLikes, posts, userBlocks, userMutes, users } from '../../db/schema/index.ts';
import { CommentsRepository } from './feed-comments.repository.ts';
import { FeedModerationRepository } from './feed-moderation.repository.ts';
import { PageCache } from './feed-page-cache.ts';
import { toPage, type Page } from '../../db/persistence/paging.ts';
import { PostViewsRepository, type PostFilters, type PostView, type StoredImage } from './feed-post-views.repository.ts';

export type { PostAuthorRow, PostCard, PostView, StoredImage } from './feed-post-views.repository.ts';

export class FeedRepository {
  /** Comments have their own repository; the feed reaches them through this one so its service takes one store. */
  readonly comments: CommentsRepository;
  /** Posts taken down by moderators or held for review, likewise. */
  readonly moderated: FeedModerationRepository;
  private readonly views: PostViewsRepository;
  /** Lists as last read (see PageCache); single posts are always read, so a write's own answer shows the write. */
  readonly pages: PageCache<Page<PostView>>;

  constructor(
    private readonly db: Db,
    notices?: ChangeNotices,
  ) {
    this.comments = new CommentsRepository(db);
    this.moderated = new FeedModerationRepository(db);
    this.views = new PostViewsRepository(db);
    this.pages = new PageCache(notices);
  }

  /**
   * Newest first; filters: a hashtag, an author username or an author id. Paged by `before` (a cursor) or, for the
   * contract's numbered pages, by `page`.
   */
  async findPage(options: PostFilters & { viewerId: number; limit: number; page?: number }): Promise<Page<PostView>> {
    const { viewerId, limit, page, ...filters } = options;
    const key = JSON.stringify([viewerId, limit, page ?? 1, filters]);
    return this.pages.read(key, async () => toPage(await this.views.find(viewerId, filters, limit, ((page ?? 1) - 1) * limit), limit));
  }

  async findView(id: number, viewerId: number): Promise<PostView | null> {
    const [view] = await this.views.find(viewerId, { postId: id }, 1);
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

  /** The members on the other side of a block from any of these: who a feed event showing them must not reach. */
  async blockedEitherWayIdsOfAny(userIds: number[]): Promise<number[]> {
    const rows = await this.db
      .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
      .from(userBlocks)
      .where(or(inArray(userBlocks.blockerId, userIds), inArray(userBlocks.blockedId, userIds)));
    const members = new Set(userIds);
    const hidden = new Set<number>();
    for (const r of rows) {
      if (members.has(r.blockerId)) hidden.add(r.blockedId);
      if (members.has(r.blockedId)) hidden.add(r.blockerId);
    }
    // Whoever the event shows hears of it, even of something between two members who blocked each other since.
    for (const id of userIds) hidden.delete(id);
    return [...hidden];
  }

  /** The members who muted any of these: who a new post showing them must not reach live. */
  async mutersOfAny(userIds: number[]): Promise<number[]> {
    const rows = await this.db.selectDistinct({ id: userMutes.muterId }).from(userMutes).where(inArray(userMutes.mutedId, userIds));
    return rows.map((r) => r.id);
  }

  /**
   * Who alone a new post showing these members may reach live when any of them is silenced: the followers of every
   * silenced one, and the members themselves; null when none is (it goes to everyone).
   */
  async silencedAudience(userIds: number[]): Promise<number[] | null> {
    const silenced = await this.db
      .select({ id: accountSilences.userId })
      .from(accountSilences)
      .where(and(inArray(accountSilences.userId, userIds), or(isNull(accountSilences.until), gt(accountSilences.until, sql`now()`))));
    if (!silenced.length) return null;
    const rows = await this.db
      .select({ id: follows.followerId, n: sql<number>`count(*)::int` })
      .from(follows)
      .where(
        inArray(
          follows.followeeId,
          silenced.map((r) => r.id),
        ),
      )
      .groupBy(follows.followerId);
    return [...new Set([...userIds, ...rows.filter((r) => r.n === silenced.length).map((r) => r.id)])];
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

  /** Read after the write's own transaction: the trigger has counted it (and any that committed meanwhile). */
  async likesCount(postId: number) {
    const [row] = await this.db.select({ n: posts.likesCount }).from(posts).where(eq(posts.id, postId));
    return row?.n ?? 0;
  }

  /** How many posts (reposts included) a member has, and how many likes those posts have received. */
  async authorStats(authorId: number) {
    const [row] = await this.db
      .select({
        posts: sql<number>`count(*)::int`,
        likes: sql<number>`coalesce(sum(${posts.likesCount}), 0)::int`,
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
}
