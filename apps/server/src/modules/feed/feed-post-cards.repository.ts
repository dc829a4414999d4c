import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { postImages, posts, users } from '../../db/schema/index.ts';
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

/** What a feed card shows of a post that is the same for every viewer. */
export interface PostCard {
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
  images: StoredImage[];
  /** Where this post sits in a list (see listCursorSchema). */
  cursor: string;
  /** The row versions the card was read from (see cardVersion). */
  version: string;
}

/**
 * Which version of a card a row pair is: PostgreSQL gives every row version the id of the transaction that wrote it
 * (xmin), so an edit, a counter moving or the author renaming themselves all make a new one. Pictures are not in it:
 * they are written with the post and never changed afterwards (they go only with the post).
 */
export const cardVersion = (post: PgTable, author: PgTable) => sql<string>`${post}.xmin::text || ':' || ${author}.xmin::text`;

const imagesOf = (postId: AnyPgColumn) =>
  sql<
    StoredImage[]
  >`(select coalesce(json_agg(json_build_object('url', i.url, 'thumbnailUrl', i.thumbnail_url, 'width', i.width, 'height', i.height) order by i.position), '[]'::json) from ${postImages} as i where i.post_id = ${postId})`;

type RawCard = Omit<PostCard, 'createdAt' | 'editedAt'> & { createdAt: string; editedAt: string | null };

/**
 * Cards read by post id, each as one JSON object built by PostgreSQL (one value per row for the driver to parse,
 * instead of some twenty columns decoded one by one); prepared once.
 */
export class PostCardsRepository {
  private readonly byIds;

  constructor(db: Db) {
    this.byIds = db
      .select({
        card: sql<RawCard>`json_build_object(
          'id', ${posts.id}, 'authorId', ${posts.authorId}, 'text', ${posts.text}, 'contentWarning', ${posts.contentWarning},
          'hashtags', ${posts.hashtags}, 'sharedPostId', ${posts.sharedPostId}, 'createdAt', ${posts.createdAt}, 'editedAt', ${posts.editedAt},
          'likesCount', ${posts.likesCount}, 'commentsCount', ${posts.commentsCount}, 'sharesCount', ${posts.sharesCount},
          'author', json_build_object('id', ${users.id}, 'username', ${users.username}, 'fullName', ${users.fullName}, 'profilePicture', ${users.profilePicture}),
          'images', ${imagesOf(posts.id)}, 'cursor', ${cursorOf(posts.createdAt, posts.id)}, 'version', ${cardVersion(posts, users)})`,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(sql`${posts.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('feed_cards_by_id');
  }

  /** The cards of these posts as they are now; a post that no longer exists is missing from the answer. */
  async findByIds(ids: number[]): Promise<PostCard[]> {
    if (!ids.length) return [];
    const rows = await this.byIds.execute({ ids: `{${ids.map((id) => Math.trunc(id)).join(',')}}` });
    return rows.map(({ card }) => ({
      ...card,
      createdAt: new Date(card.createdAt),
      editedAt: card.editedAt === null ? null : new Date(card.editedAt),
    }));
  }
}
