import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

/**
 * The search benchmark's data, bulk-inserted in SQL (generate_series, not through the API): MEMBERS members, 10,000
 * conversations (6,000 groups of five, 2,000 channels in 400 communities of fifty, 2,000 direct pairs), MESSAGES
 * messages spread evenly over them, POSTS posts. Texts are words of a 5,000-word vocabulary drawn with a steep skew
 * (the first word is in about two messages of three, most are rare), as in real chat. The searcher is in 50
 * conversations: 30 groups, the 10 channels of 2 communities, and 10 direct chats.
 */
export const SIZES = {
  members: 20_000,
  groups: 6_000,
  communities: 400,
  channelsPerCommunity: 5,
  pairs: 2_000,
  messages: Number(process.env.BENCH_MESSAGES ?? 1_000_000),
  posts: Number(process.env.BENCH_POSTS ?? 200_000),
  vocabulary: 5_000,
};

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A number of this file's own written into the statement (generate_series needs typed bounds, not parameters). */
const n = (x: number) => sql.raw(String(Math.trunc(x)));

/** The vocabulary's word number n (two-letter syllables: every number gives another word). */
export const wordSql = (n: string) => `(
  (array['ka','lo','mi','ne','ru','sa','te','vo','pi','da','ge','hu','ji','bo','fe','yu'])[1 + ${n} % 16] ||
  (array['ka','lo','mi','ne','ru','sa','te','vo','pi','da','ge','hu','ji','bo','fe','yu'])[1 + (${n} / 16) % 16] ||
  (array['ka','lo','mi','ne','ru','sa','te','vo','pi','da','ge','hu','ji','bo','fe','yu'])[1 + (${n} / 256) % 16] ||
  case when ${n} >= 4096 then (array['ka','lo','mi','ne','ru','sa','te','vo','pi','da','ge','hu','ji','bo','fe','yu'])[1 + (${n} / 4096) % 16] else '' end)`;

/** `count` words drawn with the skew, one text per row (`seed` ties the draw to the row, so each row gets its own). */
const textOf = (count: number, seed: string) =>
  // The draw names the series' column (g * 0): an aggregate over outer columns only would belong to the outer query.
  sql.raw(`(select string_agg(v.words[1 + floor(${SIZES.vocabulary} * random() ^ 4)::int + g * 0], ' ')
     from generate_series(1, ${count} + (${seed} % 1)) g)`);

export interface Seeded {
  searcherId: number;
  /** The searcher's groups and channels. */
  conversationIds: number[];
  word: (n: number) => Promise<string>;
}

export async function seedSearch(db: Db): Promise<Seeded> {
  const s = SIZES;
  await db.execute(
    sql`create unlogged table bench_vocab as select n, ${sql.raw(wordSql('n'))} as w from generate_series(0, ${n(s.vocabulary - 1)}) n`,
  );
  const vocab = sql`(select array_agg(w order by n) as words from bench_vocab)`;
  await db.execute(sql`
    insert into users (email, username, full_name, profile_completed_at, is_confirmed)
    select 'search' || n || '@example.test', 'search_' || n, 'Search Member ' || n, now(), true from generate_series(1, ${n(s.members)}) n`);
  const base = rows<{ id: number }>(await db.execute(sql`select min(id)::int as id from users where email like 'search%'`))[0]!.id;
  // Members other than the searcher (base) are base + 1 … base + members - 1.
  const other = (expr: string) => sql.raw(`(${base} + 1 + (${expr}) % ${s.members - 1})`);
  const communities = rows<{ id: number }>(
    await db.execute(sql`
      insert into communities (owner_id, name, description, visibility)
      select ${n(base + 1)}, 'Bench community ' || n, '', 'public' from generate_series(1, ${n(s.communities)}) n returning id`),
  ).map((r) => r.id);
  const cbase = Math.min(...communities);
  const channels = s.communities * s.channelsPerCommunity;
  await db.execute(sql`
    insert into conversations (kind, community_id, name, position)
    select 'channel', ${n(cbase)} + (n - 1) / ${n(s.channelsPerCommunity)}, 'channel-' || n, (n - 1) % ${n(s.channelsPerCommunity)}
    from generate_series(1, ${n(channels)}) n`);
  await db.execute(sql`insert into conversations (kind, name) select 'group', 'Group ' || n from generate_series(1, ${n(s.groups)}) n`);
  const chbase = rows<{ id: number }>(await db.execute(sql`select min(id)::int as id from conversations where kind = 'channel'`))[0]!.id;
  const gbase = rows<{ id: number }>(await db.execute(sql`select min(id)::int as id from conversations where kind = 'group'`))[0]!.id;
  await db.execute(sql`
    insert into conversation_members (conversation_id, user_id, role, state)
    select ${n(gbase)} + g, ${other('g * 5 + k')}, 'member', 'member' from generate_series(0, ${n(s.groups - 1)}) g, generate_series(0, 4) k
    union all select ${n(gbase)} + g, ${n(base)}, 'member', 'member' from generate_series(0, 29) g`);
  await db.execute(sql`
    insert into community_members (community_id, user_id, state, role)
    select ${n(cbase)} + c, ${other('c * 50 + k')}, 'member', 'member' from generate_series(0, ${n(s.communities - 1)}) c, generate_series(0, 49) k
    union all select ${n(cbase)} + c, ${n(base)}, 'member', 'member' from generate_series(0, 1) c
    on conflict do nothing`);
  // Conversation c of message i is i % 10,000: groups first, then channels, then direct pairs (the searcher is in the
  // first ten pairs). Senders are members of the conversation.
  const conversations = s.groups + channels + s.pairs;
  const c = `(i % ${conversations})`;
  const pairA = `(case when ${c} - ${s.groups + channels} < 10 then ${base} else ${base} + 1 + (2 * (${c} - ${s.groups + channels})) % ${s.members - 2} end)`;
  const pairB = `(${base} + 1 + (2 * (${c} - ${s.groups + channels}) + 1) % ${s.members - 2})`;
  const chunk = 250_000;
  for (let from = 1; from <= s.messages; from += chunk) {
    const to = Math.min(s.messages, from + chunk - 1);
    await db.execute(sql`
      with v as ${vocab}
      insert into messages (sender_id, receiver_id, conversation_id, text, created_at)
      select
        ${sql.raw(`case
          when ${c} < ${s.groups} then ${base} + 1 + (${c} * 5 + i % 5) % ${s.members - 1}
          when ${c} < ${s.groups + channels} then ${base} + 1 + (((${c} - ${s.groups}) / ${s.channelsPerCommunity}) * 50 + i % 50) % ${s.members - 1}
          when i % 2 = 0 then ${pairA} else ${pairB} end`)},
        ${sql.raw(`case when ${c} >= ${s.groups + channels} then (case when i % 2 = 0 then ${pairB} else ${pairA} end) end`)},
        ${sql.raw(`case when ${c} < ${s.groups} then ${gbase} + ${c} when ${c} < ${s.groups + channels} then ${chbase} + ${c} - ${s.groups} end`)},
        ${textOf(8, 'i')},
        now() - (${n(s.messages)} - i) * interval '1 second'
      from v, generate_series(${n(from)}, ${n(to)}) i`);
  }
  await db.execute(sql`
    with v as ${vocab}
    insert into posts (author_id, text, created_at)
    select ${other('i')}, ${textOf(12, 'i')}, now() - (${n(s.posts)} - i) * interval '3 seconds'
    from v, generate_series(1, ${n(s.posts)}) i`);
  await db.execute(sql`analyze`);
  const mine = rows<{ id: number }>(
    await db.execute(sql`
      select conversation_id as id from conversation_members where user_id = ${n(base)} and state = 'member'
      union all select c.id from conversations c join community_members k on k.community_id = c.community_id
      where k.user_id = ${n(base)} and k.state = 'member' and c.kind = 'channel'`),
  ).map((r) => r.id);
  return {
    searcherId: base,
    conversationIds: mine,
    word: async (n) => rows<{ w: string }>(await db.execute(sql`select w from bench_vocab where n = ${n}`))[0]!.w,
  };
}
