/**
 * A realistic feed for the feed benchmark, written straight into the database (the API's write limits would make
 * seeding 10,000 posts take hours): members with pictures and set-up profiles, a month of posts (a third with
 * pictures, one in eight a repost), likes and comments in long-tailed numbers, and a reader who has liked and shared
 * some of them. Deterministic: the same numbers give the same set.
 */
import { hash } from '@node-rs/argon2';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { postComments, postImages, postLikes, posts, users } from '../apps/server/src/db/schema/index.ts';

const BATCH = 2_000;
const DAY = 86_400_000;

/** A small seeded generator (mulberry32), so every run measures the same set. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'today friends metaverse music coffee weekend travel photo city night project design code garden book film running rain sunset team idea'.split(
    ' ',
  );

export interface SeedOptions {
  databaseUrl: string;
  dataDir: string;
  posts: number;
  members: number;
}

/** Seeds the set; returns the reader's sign-in (member 0, who reads the feed in the benchmark) and what was written. */
export async function seedFeed(options: SeedOptions) {
  const rand = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const reader = { email: 'reader@example.test', password: 'Bench#12345' };
  const database = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir });
  const { db } = database;
  const insertAll = async <R>(rows: R[], insert: (batch: R[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
  };

  const passwordHash = await hash(reader.password);
  const memberRows = await db
    .insert(users)
    .values(
      Array.from({ length: options.members }, (_, i) => ({
        email: i === 0 ? reader.email : `member${i}@example.test`,
        passwordHash: i === 0 ? passwordHash : null,
        username: i === 0 ? 'reader' : `member_${i}`,
        fullName: i === 0 ? 'Reading Member' : `Member Number ${i}`,
        profilePicture: `/media/avatar-${i}.webp`,
        country: 'DE',
        gender: 'other',
        isConfirmed: true,
        profileCompletedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const memberIds = memberRows.map((m) => m.id);
  const readerId = memberIds[0]!;

  // One in eight entries of the timeline is a repost; the rest are originals, oldest first.
  const total = options.posts;
  const now = Date.now();
  const at = (i: number) => new Date(now - 30 * DAY + Math.floor((i / total) * 30 * DAY));
  const isRepost = (i: number) => i % 8 === 5;
  const originalIndexes = Array.from({ length: total }, (_, i) => i).filter((i) => !isRepost(i));
  const originalRows = originalIndexes.map((i) => {
    const words = Array.from({ length: 8 + Math.floor(rand() * 40) }, () => pick(WORDS));
    const tag = pick(WORDS);
    return {
      authorId: memberIds[1 + Math.floor(rand() * (memberIds.length - 1))]!,
      text: `${words.join(' ')} #${tag}${rand() < 0.2 ? ` @member_${1 + Math.floor(rand() * (options.members - 1))}` : ''}`,
      hashtags: [tag],
      createdAt: at(i),
    };
  });
  const originalIds: number[] = [];
  await insertAll(originalRows, async (batch) => {
    const rows = await db.insert(posts).values(batch).returning({ id: posts.id });
    originalIds.push(...rows.map((r) => r.id));
  });
  const originals = originalIds.map((id, k) => ({ id, authorId: originalRows[k]!.authorId, index: originalIndexes[k]! }));

  // Reposts share an earlier original (one per member and original); every fourth is the reader's.
  const shared = new Set<string>();
  const repostRows: Array<{ authorId: number; text: string; sharedPostId: number; createdAt: Date }> = [];
  for (let i = 0; i < total; i++) {
    if (!isRepost(i)) continue;
    const earlier = originals.filter((o) => o.index < i);
    // A member shares a post at most once and never their own: pick again until the pair is new.
    for (let tries = 0; earlier.length && tries < 20; tries++) {
      const original = earlier[Math.max(0, earlier.length - 1 - Math.floor(rand() * rand() * 200))]!;
      const authorId = repostRows.length % 4 === 0 && tries === 0 ? readerId : memberIds[1 + Math.floor(rand() * (memberIds.length - 1))]!;
      if (authorId === original.authorId || shared.has(`${authorId}:${original.id}`)) continue;
      shared.add(`${authorId}:${original.id}`);
      repostRows.push({ authorId, text: rand() < 0.4 ? 'Worth a look' : '', sharedPostId: original.id, createdAt: at(i) });
      break;
    }
  }
  await insertAll(repostRows, (batch) => db.insert(posts).values(batch));

  // A third of the originals have one to four pictures.
  const imageRows = originals
    .filter((_, k) => k % 3 === 0)
    .flatMap((o, k) =>
      Array.from({ length: 1 + (k % 4) }, (_, position) => ({
        postId: o.id,
        position,
        url: `/media/post-${o.id}-${position}.webp`,
        thumbnailUrl: `/media/post-${o.id}-${position}-thumb.webp`,
        width: 2048,
        height: 1536,
      })),
    );
  await insertAll(imageRows, (batch) => db.insert(postImages).values(batch));

  // Long-tailed likes and comments: most posts a few, some many. The reader likes about one post in five.
  const likeRows: Array<{ postId: number; userId: number }> = [];
  const commentRows: Array<{ postId: number; authorId: number; text: string }> = [];
  for (const o of originals) {
    const likes = Math.floor(rand() ** 2 * 60);
    const from = 1 + Math.floor(rand() * (memberIds.length - 1));
    for (let k = 0; k < likes && k < memberIds.length - 1; k++) {
      likeRows.push({ postId: o.id, userId: memberIds[1 + ((from + k) % (memberIds.length - 1))]! });
    }
    if (rand() < 0.2) likeRows.push({ postId: o.id, userId: readerId });
    const comments = Math.floor(rand() ** 2 * 12);
    for (let k = 0; k < comments; k++) {
      commentRows.push({
        postId: o.id,
        authorId: pick(memberIds),
        text: Array.from({ length: 3 + Math.floor(rand() * 15) }, () => pick(WORDS)).join(' '),
      });
    }
  }
  // The newest original is liked by the reader, so the first page always shows a 'liked by me'.
  const newest = originals[originals.length - 1]!;
  if (!likeRows.some((l) => l.postId === newest.id && l.userId === readerId)) likeRows.push({ postId: newest.id, userId: readerId });
  await insertAll(likeRows, (batch) => db.insert(postLikes).values(batch));
  await insertAll(commentRows, (batch) => db.insert(postComments).values(batch));
  await database.close();
  const written = {
    posts: originalRows.length + repostRows.length,
    reposts: repostRows.length,
    pictures: imageRows.length,
    likes: likeRows.length,
    comments: commentRows.length,
  };
  return { reader, written };
}
