import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blockedEitherWayIdsOf, unlistedAuthorIdsOf } from '../../db/persistence/members.ts';
import { passesModeration } from '../../db/persistence/moderated-posts.ts';
import { accountSuspensions, communities, postImages, posts, userMutes, users } from '../../db/schema/index.ts';

/** The text search configuration of migration 0025 (simple + unaccent): the one the stored vectors were made with. */
export const TS_CONFIG = sql.raw(`'public.tribeverse_search'::regconfig`);

/** Where the previous page ended: the last result's score and id (results go by score, then newest first). */
export interface RankCursor {
  rank: number;
  id: number;
}

/**
 * After the cursor in `score desc, id desc` order. Scores are `real`s read back as JavaScript numbers; PostgreSQL
 * prints a real in the fewest digits that read back as the same value, so the comparison is exact.
 */
export const rankAfter = (rank: SQL, id: SQL, cursor: RankCursor) =>
  sql`(${rank} < ${String(cursor.rank)}::real or (${rank} = ${String(cursor.rank)}::real and ${id} < ${cursor.id}))`;

/** The rows of a statement run with `db.execute`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many of the newest matching posts a post search ranks. */
const POST_WINDOW = 1000;

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface PostHit {
  id: number;
  rank: number;
  text: string;
  createdAt: Date;
  sharedPostId: number | null;
  imageCount: number;
  author: { id: number; username: string | null; fullName: string | null; profilePicture: string | null };
}

export interface PersonHit {
  id: number;
  rank: number;
  username: string | null;
  fullName: string | null;
  profilePicture: string | null;
}

export type CommunityHit = typeof communities.$inferSelect & { rank: number };

interface Page {
  me: number;
  text: string;
  cursor?: RankCursor;
  limit: number;
}

/** Posts, people and communities found by words or names, as the member may see them. */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  /** The words of a text as the configuration makes them (lower case, accents off): what a match is made of. */
  async lexemesOf(text: string): Promise<string[]> {
    if (!text.trim()) return [];
    const result = await this.db.execute(sql`select tsvector_to_array(to_tsvector(${TS_CONFIG}, ${text})) as lexemes`);
    return rowsOf<{ lexemes: string[] }>(result)[0]?.lexemes ?? [];
  }

  /**
   * Posts as the feed lists them to the member: none by someone a block stands between them and (either way) or
   * whom they muted, who is suspended or silenced (unless followed), none the moderators took down or hold (but the
   * member's own held ones), no repost of such a post, none by a deleted account. Ranked among the POST_WINDOW newest
   * matches: a word in most posts would otherwise rank every one of them for each page (seconds, measured), and the
   * newest posts are the ones a feed reader looks for.
   */
  async posts(p: Page): Promise<PostHit[]> {
    const query = sql`websearch_to_tsquery(${TS_CONFIG}, ${p.text})`;
    const hidden = sql`array_cat(${unlistedAuthorIdsOf(p.me)}, array(select ${userMutes.mutedId} from ${userMutes} where ${userMutes.muterId} = ${p.me}))`;
    const rank = sql`ts_rank_cd(p.search, ${query}, 1)`;
    const result = await this.db.execute(sql`
      select p.id, p.text, p.created_at, p.shared_post_id, ${rank} as rank,
             (select count(*)::int from ${postImages} i where i.post_id = p.id) as image_count,
             u.id as author_id, u.username, u.full_name, u.profile_picture
      from (
        select p.id from ${posts} p
        join ${users} u on u.id = p.author_id and u.deleted_at is null
        where p.search @@ ${query}
          and p.author_id <> all(${hidden})
          and (p.shared_post_id is null
               or not exists (select 1 from ${posts} o where o.id = p.shared_post_id and o.author_id = any(${hidden})))
          and ${passesModeration({ id: sql`p.id`, authorId: sql`p.author_id`, sharedPostId: sql`p.shared_post_id` }, p.me)}
        order by p.id desc
        limit ${POST_WINDOW}
      ) recent
      join ${posts} p on p.id = recent.id
      join ${users} u on u.id = p.author_id
      where ${p.cursor ? rankAfter(rank, sql`p.id`, p.cursor) : sql`true`}
      order by rank desc, p.id desc
      limit ${p.limit}`);
    return rowsOf<PostRow>(result).map((r) => ({
      id: r.id,
      rank: Number(r.rank),
      text: r.text,
      createdAt: new Date(r.created_at),
      sharedPostId: r.shared_post_id,
      imageCount: r.image_count,
      author: memberOf({ ...r, id: r.author_id }),
    }));
  }

  /**
   * Members by name or user name: parts of them ("ada" finds "Adaline"), and close misspellings (trigrams), best
   * first; an exact user name before everything. Only members with a public page (set up, not deleted, not suspended), and nobody a
   * block stands between the caller and, either way. Nothing else of a member is searched (not their phone, birthday
   * or place, whatever their privacy settings).
   */
  async people(p: Page): Promise<PersonHit[]> {
    const folded = sql`tribeverse_fold(coalesce(u.full_name, '') || ' ' || coalesce(u.username, ''))`;
    const q = sql`tribeverse_fold(${p.text})`;
    const rank = sql`(word_similarity(${q}, ${folded})
      + case when lower(u.username) = lower(${p.text}) then 2 when ${folded} like ${q} || '%' then 0.5 else 0 end)::real`;
    const result = await this.db.execute(sql`
      select u.id, u.username, u.full_name, u.profile_picture, ${rank} as rank
      from ${users} u
      where u.deleted_at is null and u.profile_completed_at is not null and u.username is not null
        and (${folded} like ${sql`tribeverse_fold(${containing(p.text)})`} or ${folded} %> ${q})
        and u.id <> all(${blockedEitherWayIdsOf(p.me)})
        and not exists (select 1 from ${accountSuspensions} s where s.user_id = u.id and (s.until is null or s.until > now()))
        and ${p.cursor ? rankAfter(rank, sql`u.id`, p.cursor) : sql`true`}
      order by rank desc, u.id desc
      limit ${p.limit}`);
    return rowsOf<PersonRow>(result).map((r) => ({ ...memberOf(r), rank: Number(r.rank) }));
  }

  /**
   * Communities by name (parts and misspellings, as people), and public ones also by the words of their description.
   * A private community is found by its name only: its name is what anyone may see of it.
   */
  async communities(p: Page): Promise<CommunityHit[]> {
    const name = sql`tribeverse_fold(c.name)`;
    const q = sql`tribeverse_fold(${p.text})`;
    const described = sql`(c.visibility = 'public' and to_tsvector(${TS_CONFIG}, c.description) @@ websearch_to_tsquery(${TS_CONFIG}, ${p.text}))`;
    const rank = sql`greatest(word_similarity(${q}, ${name}) + case when ${name} like ${q} || '%' then 0.5 else 0 end,
      case when ${described} then 0.3 else 0 end)::real`;
    const result = await this.db.execute(sql`
      select c.id, ${rank} as rank
      from ${communities} c
      where (${name} like ${sql`tribeverse_fold(${containing(p.text)})`} or ${name} %> ${q} or ${described})
        and ${p.cursor ? rankAfter(rank, sql`c.id`, p.cursor) : sql`true`}
      order by rank desc, c.id desc
      limit ${p.limit}`);
    const found = rowsOf<{ id: number; rank: number }>(result);
    if (!found.length) return [];
    const rows = await this.db
      .select()
      .from(communities)
      .where(sql`${communities.id} = any(${sql.param(found.map((f) => f.id))}::int[])`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return found.filter((f) => byId.has(f.id)).map((f) => ({ ...byId.get(f.id)!, rank: Number(f.rank) }));
  }

  /** A member's id by user name (any case); null for none or a deleted account. */
  async memberIdByUsername(username: string): Promise<number | null> {
    const result = await this.db.execute(
      sql`select id from ${users} where lower(username) = lower(${username}) and deleted_at is null limit 1`,
    );
    return rowsOf<{ id: number }>(result)[0]?.id ?? null;
  }
}

interface MemberColumns {
  id: number;
  username: string | null;
  full_name: string | null;
  profile_picture: string | null;
}

const memberOf = (r: MemberColumns) => ({ id: r.id, username: r.username, fullName: r.full_name, profilePicture: r.profile_picture });

interface PostRow {
  id: number;
  text: string;
  created_at: Date;
  shared_post_id: number | null;
  rank: number;
  image_count: number;
  author_id: number;
  username: string | null;
  full_name: string | null;
  profile_picture: string | null;
}

interface PersonRow extends MemberColumns {
  rank: number;
}
