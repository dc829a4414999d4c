import { GroupCommit } from './group-commit.ts';

/**
 * A lookup of one member's ids (their groups, their communities) served by a query that answers many members at
 * once. After a restart every member reconnects within seconds and each connect asks: members asking together share
 * one statement instead of queueing one each on the pool. When idle a lookup goes out at once (see GroupCommit).
 */
export function perMemberLookup(lookupMany: (userIds: number[]) => Promise<Map<number, number[]>>): (userId: number) => Promise<number[]> {
  const batch = new GroupCommit<number, number[]>(async (userIds) => {
    const found = await lookupMany([...new Set(userIds)]);
    return userIds.map((id) => found.get(id) ?? []);
  });
  return (userId) => batch.submit(userId);
}

/** Rows of (member, id) as each member's ids. */
export function idsByMember(rows: Array<{ userId: number; id: number }>): Map<number, number[]> {
  const byMember = new Map<number, number[]>();
  for (const { userId, id } of rows) {
    const ids = byMember.get(userId);
    if (ids) ids.push(id);
    else byMember.set(userId, [id]);
  }
  return byMember;
}
