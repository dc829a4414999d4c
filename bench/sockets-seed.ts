/**
 * What a member's connect has to find, for sockets.bench.ts: every bench member in 3 of 100 public communities (each
 * with its first channel) and in 2 of N/10 groups, so each connect joins 5 conversation rooms besides its own, as a
 * member of a few communities and groups would.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

export async function seedMemberships(db: Db, memberIds: number[]) {
  const owner = memberIds[0]!;
  const communities = 100;
  const groups = Math.max(1, Math.floor(memberIds.length / 10));
  await db.execute(sql`
    with made as (
      insert into communities (owner_id, name, visibility)
      select ${owner}, 'Bench community ' || n, 'public' from generate_series(1, ${communities}) n returning id
    )
    insert into conversations (kind, community_id, name) select 'channel', id, 'general' from made`);
  // Member k (0-based) of the bench is in communities k, 7k+3 and 13k+5 (mod 100): three distinct ones for most.
  await db.execute(sql`
    with bench as (select id, row_number() over (order by id) - 1 as k from users where email like 'bench%@example.test'),
    made as (select id, row_number() over (order by id) - 1 as k from communities where name like 'Bench community %')
    insert into community_members (community_id, user_id, state, role)
    select distinct made.id, bench.id, 'member', case when bench.id = ${owner} then 'owner' else 'member' end
    from bench cross join lateral (values (bench.k % ${communities}), ((bench.k * 7 + 3) % ${communities}), ((bench.k * 13 + 5) % ${communities})) pick(k)
    join made on made.k = pick.k
    on conflict do nothing`);
  await db.execute(sql`insert into conversations (kind, name, created_by)
    select 'group', 'Bench group ' || n, ${owner} from generate_series(1, ${groups}) n`);
  await db.execute(sql`
    with bench as (select id, row_number() over (order by id) - 1 as k from users where email like 'bench%@example.test'),
    made as (select id, row_number() over (order by id) - 1 as k from conversations where kind = 'group' and name like 'Bench group %')
    insert into conversation_members (conversation_id, user_id, role, state)
    select distinct made.id, bench.id, 'member', 'member'
    from bench cross join lateral (values (bench.k % ${groups}), ((bench.k * 3 + 1) % ${groups})) pick(k)
    join made on made.k = pick.k
    on conflict do nothing`);
}
