import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { presenceProcesses } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../../test/support/test-app.ts';
import { PresenceProcessesRepository } from './chat-presence.repository.ts';

let database: Database;
let repo: PresenceProcessesRepository;
// Process ids are UUIDs; these name the test's processes.
const [gone1, alive1, gone2, slow1] = [1, 2, 3, 4].map(() => crypto.randomUUID());

/** A process's beat, as if it was last made `secondsAgo` seconds ago. */
async function beatAgo(processId: string, secondsAgo: number, memberIds: number[]) {
  await repo.beat(processId, memberIds);
  await database.db
    .update(presenceProcesses)
    .set({ beatAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(sql`${presenceProcesses.processId} = ${processId}`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  repo = new PresenceProcessesRepository(database.db);
});
afterAll(async () => database?.close());

describe("a silent process's beat", () => {
  it('is found without being taken, so a look that stops halfway leaves it for the next', async () => {
    await beatAgo(gone1, 10, [1, 2]);
    await beatAgo(alive1, 0, [3]);
    const found = await repo.findSilent(3);
    expect(found.map((b) => [b.processId, b.memberIds])).toEqual([[gone1, [1, 2]]]);
    expect(await repo.findSilent(3)).toHaveLength(1);
  });

  it('is taken by exactly one of several processes looking at once', async () => {
    await beatAgo(gone2, 10, [4]);
    const claims = await Promise.all([1, 2, 3, 4].map(() => repo.claimSilent(gone2, 3)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await repo.findSilent(3)).map((b) => b.processId)).not.toContain(gone2);
  });

  it('stays with a process that beat again meanwhile', async () => {
    await beatAgo(slow1, 10, [5]);
    expect((await repo.findSilent(3)).map((b) => b.processId)).toContain(slow1);
    await repo.beat(slow1, [5]);
    expect(await repo.claimSilent(slow1, 3)).toBe(false);
    const [row] = await database.db
      .select()
      .from(presenceProcesses)
      .where(sql`${presenceProcesses.processId} = ${slow1}`);
    expect(row?.memberIds).toEqual([5]);
  });
});
