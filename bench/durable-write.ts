/**
 * The write a baseline adds to stand for the least an app must do per message that keeps every acknowledged one: one
 * prepared insert into the app's own messages table, on the same kind of database the app runs on (the embedded
 * server, or a scratch database of BENCH_DATABASE_URL), committed (and so flushed to disk) before the message goes
 * out. Imported lazily by a baseline's process, so the bare baselines hold none of it.
 */
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { insertMembers, openBenchDatabase, rows } from './bench-app.ts';

export type Stored = { id: number; created_at: string };

/** `count` members (ids in order; the baseline's clients claim them) and `store`, which writes one message. */
export async function openDurableWrite(label: string, count: number) {
  const opened = await openBenchDatabase(label, 'warn');
  const ids = (await insertMembers(opened.db, count)).map((m) => m.id);
  // A conversation to write a group's or a community's messages in (a direct message names its receiver instead).
  const [conversation] = rows<{ id: number }>(
    await opened.db.execute(sql`insert into conversations (kind, name, created_by) values ('group', 'Bench', ${ids[0]}) returning id`),
  );
  const conversationId = Number(conversation!.id);
  const pool = (opened.db as unknown as { $client: Pool }).$client;
  let statements = 0;
  /** One message to a member (`receiverId`) or to the conversation (null), answered once committed. */
  const store = async (senderId: number, receiverId: number | null, text: string, clientId: string): Promise<Stored> => {
    statements++;
    const result = await pool.query<Stored>({
      name: 'baseline_store',
      text: `insert into messages (sender_id, receiver_id, conversation_id, text, client_id) values ($1, $2, $3, $4, $5)
        returning id, created_at::text`,
      values: [senderId, receiverId, receiverId === null ? conversationId : null, text, clientId],
    });
    return result.rows[0]!;
  };
  return { ids, store, statements: () => statements, close: () => opened.close() };
}
