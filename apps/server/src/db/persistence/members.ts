import { and, eq, exists, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { accountSilences, accountSuspensions, follows, userBlocks, users } from '../schema/index.ts';

/** What anyone may see of a member next to what they wrote: the public member projection. */
export const publicMemberColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  profilePicture: users.profilePicture,
};

export type PublicMemberRow = { id: number; username: string | null; fullName: string | null; profilePicture: string | null };

/** True when either member has blocked the other: a block hides each from the other, whoever made it. */
export function blockedEitherWay(db: Db, a: number | SQL | AnyPgColumn, b: number | SQL | AnyPgColumn) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(
        or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
      ),
  );
}

/**
 * The ids of every member `viewer` blocked or is blocked by, as one SQL array: uncorrelated, so PostgreSQL reads it
 * once per statement (an InitPlan) however many rows test `author_id <> all(...)` against it, where an `exists` per
 * row would look up the blocks table twice for every post a page walks past.
 */
export function blockedEitherWayIdsOf(viewer: number | SQL | Placeholder) {
  return sql<number[]>`array(select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${viewer}
    union all select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${viewer})`;
}

/**
 * The ids of every member suspended now, as one SQL array (read once per statement, as above): while suspended their
 * posts and comments are out of every list and search, for everyone; lifting the suspension (or its end) brings them back.
 */
export const suspendedIds = () =>
  sql<number[]>`array(select ${accountSuspensions.userId} from ${accountSuspensions}
    where ${accountSuspensions.until} is null or ${accountSuspensions.until} > now())`;

/** What `viewer` never sees anyone's posts or comments of: members a block stands between them and, and suspended ones. */
export function hiddenAuthorIdsOf(viewer: number | SQL | Placeholder) {
  return sql<number[]>`array_cat(${blockedEitherWayIdsOf(viewer)}, ${suspendedIds()})`;
}

/**
 * Silenced members whose posts `viewer` does not get (one SQL array, read once): a silenced member's posts reach
 * only their followers, and the member themselves.
 */
export function silencedUnfollowedIdsOf(viewer: number | SQL | Placeholder) {
  return sql<number[]>`array(select s.user_id from ${accountSilences} s
    where (s.until is null or s.until > now()) and s.user_id <> ${viewer}
      and not exists (select 1 from ${follows} f where f.follower_id = ${viewer} and f.followee_id = s.user_id))`;
}

/** What lists and searches leave out for `viewer`, on top of what they never see: silenced members they do not follow. */
export function unlistedAuthorIdsOf(viewer: number | SQL | Placeholder) {
  return sql<number[]>`array_cat(${hiddenAuthorIdsOf(viewer)}, ${silencedUnfollowedIdsOf(viewer)})`;
}
