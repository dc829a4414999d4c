/**
 * Search latency: the real app (in this process, through its HTTP pipeline with inject(): session, zod, service with
 * its permission filter, presenter with snippets and highlights) answering GET /api/search for a member in 50
 * conversations, over 1,000,000 messages in 10,000 conversations and 200,000 posts (bench/search-seed.ts), next to
 * the bare SQL of the same index lookup (the words' GIN match within the member's conversations, ranked, one page)
 * in the same run. Queries go from the vocabulary's most common word (in about two messages of three) to rare ones,
 * and a two-word query. BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (a scratch database); BENCH_MESSAGES,
 * BENCH_POSTS and BENCH_SEARCHES (300) size it. Goal: message search p99 ≤ 100 ms.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { insertSessions, openBenchDatabase } from './bench-app.ts';
import { seedSearch, SIZES } from './search-seed.ts';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
/** Vocabulary ranks searched: 0 is the most common word. */
const RANKS = [0, 1, 3, 10, 30, 100, 300, 1000, 2000, 4000];

const opened = await openBenchDatabase('search', 'silent');
const { database, db, config } = opened;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const started = Date.now();
const seeded = await seedSearch(db);
console.log(
  `seeded ${SIZES.messages.toLocaleString('en')} messages and ${SIZES.posts.toLocaleString('en')} posts in ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s; the searcher reads ${seeded.conversationIds.length} groups and channels and 10 direct chats`,
);
const queries = [...(await Promise.all(RANKS.map((r) => seeded.word(r)))), `${await seeded.word(5)} ${await seeded.word(50)}`];

const app = await buildApp({ config, db });
await app.ready();
const [{ token }] = await insertSessions(db, [seeded.searcherId]);

async function viaApp(q: string, type: 'messages' | 'posts') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/search?${new URLSearchParams({ q, type })}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
  return res.json().results.length as number;
}

/** The same index lookup, bare: the words' match in the member's conversations and direct chats, ranked, one page. */
const bare = (q: string) =>
  db.execute(sql`
    select id from messages m
    where m.search @@ websearch_to_tsquery('public.tribeverse_search'::regconfig, ${q})
      and (m.conversation_id = any(${sql.param(seeded.conversationIds)}::int[])
           or (m.receiver_id is not null and (m.sender_id = ${seeded.searcherId} or m.receiver_id = ${seeded.searcherId})))
    order by ts_rank_cd(m.search, websearch_to_tsquery('public.tribeverse_search'::regconfig, ${q}), 1) desc, m.id desc
    limit 21`);

async function measure(run: (q: string) => Promise<unknown>) {
  for (const q of queries) await run(q); // warm-up
  const times: number[] = [];
  const byQuery = new Map<string, number>();
  for (let i = 0; i < SEARCHES; i++) {
    const q = queries[i % queries.length]!;
    const start = performance.now();
    await run(q);
    const took = performance.now() - start;
    times.push(took);
    byQuery.set(q, Math.max(byQuery.get(q) ?? 0, took));
  }
  times.sort((a, b) => a - b);
  const slowest = [...byQuery].sort((a, b) => b[1] - a[1])[0]!;
  return { p50: percentile(times, 50), p99: percentile(times, 99), slowest };
}

const matches = [];
for (const q of queries) {
  const result = (await db.execute(
    sql`select count(*)::int as n from messages where search @@ websearch_to_tsquery('public.tribeverse_search'::regconfig, ${q})`,
  )) as unknown as { rows: Array<{ n: number }> };
  matches.push(`${q} ${result.rows[0]!.n.toLocaleString('en')}`);
}
console.log(`messages matching each query (whole table): ${matches.join(', ')}`);
const messages = await measure((q) => viaApp(q, 'messages'));
const lookup = await measure(bare);
const posts = await measure((q) => viaApp(q, 'posts'));
console.log(`database: ${database.kind}, ${SEARCHES} sequential searches each`);
console.log(
  `message search p50 ${ms(messages.p50)}, p99 ${ms(messages.p99)} (slowest query: "${messages.slowest[0]}" ${ms(messages.slowest[1])}); ` +
    `bare index lookup p50 ${ms(lookup.p50)}, p99 ${ms(lookup.p99)}`,
);
console.log(`post search p50 ${ms(posts.p50)}, p99 ${ms(posts.p99)} (slowest query: "${posts.slowest[0]}" ${ms(posts.slowest[1])})`);
await app.close();
await opened.close();
console.log(
  `search: message p99 ${ms(messages.p99)} (goal ≤ 100 ms: ${messages.p99 <= 100 ? 'met' : 'missed'}), ratio ${((lookup.p50 / messages.p50) * 100).toFixed(1)}% of bare`,
);
