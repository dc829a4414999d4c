/**
 * Scan latency: the real app (in this process, through its HTTP pipeline with inject(): session, rate limit, zod,
 * service, presenter) answering POST /api/scan for a visible member in Berlin, with 100,000 visible members spread
 * over Germany, next to the bare indexed lookup of the same rows (`SELECT … WHERE cell = ANY($1)` on the same
 * cells), measured in the same run. BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (a scratch database).
 */
import { sql } from 'drizzle-orm';
import { latLngToCell } from 'h3-js';
import { buildApp } from '../apps/server/src/app.ts';
import { memberLocations, users } from '../apps/server/src/db/schema/index.ts';
import { cellsInRange } from '../apps/server/src/modules/scan/scan-cells.ts';
import { openBenchDatabase } from './bench-app.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SCANS = Number(process.env.BENCH_SCANS ?? 200);
const RADII = ['50km', '120km'] as const;
const RADIUS_KM = { '50km': 50, '120km': 120 } as const;
/** Germany's bounding box, roughly: members spread uniformly over it. */
const BOX = { south: 47.3, north: 55.0, west: 6.0, east: 15.0 };
const BERLIN = { lat: 52.52, lng: 13.405 };

const opened = await openBenchDatabase('scan', 'silent');
const { database, db, config } = opened;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

// A fixed pseudo-random sequence: every run seeds the same country.
let state = 42;
const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

async function seed() {
  const started = Date.now();
  const visibleUntil = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  // In SQL where the rows need nothing from here; the cells are worked out here (H3) and sent as one array.
  await db.execute(sql`
    insert into users (email, username, full_name, profile_completed_at, is_confirmed)
    select 'scan' || n || '@example.test', 'scan_' || n, 'Scan Member ' || n, now(), true from generate_series(1, ${MEMBERS}) as n`);
  const ids = (await db.select({ id: users.id }).from(users).orderBy(users.id)).map((u) => u.id);
  const BATCH = 20_000;
  for (let offset = 0; offset < ids.length; offset += BATCH) {
    const slice = ids.slice(offset, offset + BATCH);
    const cells = slice.map(() =>
      latLngToCell(BOX.south + random() * (BOX.north - BOX.south), BOX.west + random() * (BOX.east - BOX.west), 5),
    );
    await db.execute(sql`
      insert into member_locations (user_id, cell, visible_until)
      select u, c, ${visibleUntil}::timestamptz from unnest(${sql.param(slice)}::int[], ${sql.param(cells)}::text[]) as t(u, c)`);
  }
  // Two or three interests each, like members who finished onboarding.
  await db.execute(sql`
    insert into user_interests (user_id, tag_id)
    select u.id, t.id from users u cross join lateral (
      select id from interest_tags order by md5(u.id::text || id::text) limit 2 + u.id % 2
    ) t where u.email like 'scan%' on conflict do nothing`);
  await db.execute(sql`analyze`);
  console.log(`seeded ${MEMBERS.toLocaleString('en')} visible members in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SCANS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

await seed();
// The raised rate limits matter here: the 30 scans an hour per member would stop the benchmark after 30.
const app = await buildApp({ config, db });
await app.ready();
const inject = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, token?: string) =>
  app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const registered = (await inject('POST', '/api/auth/register', { email: 'scanner@example.test', password: 'Sup3r$ecret' })).json();
const token = registered.access_token as string;
// The mailed code is not what is measured: the scanner is confirmed directly, as after entering it.
await db.execute(sql`update users set is_confirmed = true where email = 'scanner@example.test'`);
const profile = { full_name: 'Scanner', username: 'scanner', gender: 'female', country: 'DE', phone_number: '15123456789' };
const done = await inject('PATCH', '/api/auth/complete-profile', profile, token);
if (done.statusCode !== 200) throw new Error(`profile: ${done.body}`);
await inject('PATCH', '/api/interests', { interests: [{ name: 'Tech and innovation', sub_interests: ['software development'] }] }, token);
const on = await inject('PUT', '/api/scan/location', BERLIN, token);
if (on.statusCode !== 200) throw new Error(`location: ${on.body}`);

const origin = latLngToCell(BERLIN.lat, BERLIN.lng, 5);
const lines: string[] = [];
let ratio = 0;
for (const radius of RADII) {
  const cells = [...(await cellsInRange(origin, RADIUS_KM[radius])).keys()];
  const inRange = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberLocations)
    .where(sql`${memberLocations.cell} = any(${sql.param(cells)}::text[])`);
  const bare = await measure(() =>
    db
      .select({ userId: memberLocations.userId, cell: memberLocations.cell })
      .from(memberLocations)
      .where(sql`${memberLocations.cell} = any(${sql.param(cells)}::text[])`),
  );
  const scan = await measure(async () => {
    const res = await inject('POST', '/api/scan', { radius }, token);
    if (res.statusCode !== 200) throw new Error(`scan: ${res.statusCode} ${res.body}`);
  });
  ratio = bare.p50 / scan.p50;
  lines.push(
    `${radius}: ${cells.length} cells, ${inRange[0]!.n.toLocaleString('en')} members in range; ` +
      `scan p50 ${ms(scan.p50)}, p99 ${ms(scan.p99)}; bare lookup p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}; ` +
      `scan ×${(scan.p50 / bare.p50).toFixed(1)} the bare p50`,
  );
}
console.log(`database: ${database.kind}, ${SCANS} sequential scans per radius`);
for (const line of lines) console.log(line);
await app.close();
await opened.close();
// The widest radius measured: the bare lookup's p50 as a share of the scan's (100% would be no overhead at all).
console.log(`scan: ratio ${(ratio * 100).toFixed(1)}% of bare`);
