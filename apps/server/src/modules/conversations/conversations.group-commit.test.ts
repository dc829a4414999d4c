import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../lib/group-commit.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { ConversationSendRepository, type ConversationDraft } from './conversations-send.repository.ts';
import { directTo, draftTo } from './conversations.test-support.ts';

// Direct messages through the core's batched send path: over the socket, and its statement on its own.
const t = useTestApp({}, { listen: true });
const open: Array<{ socket: { disconnect(): void } }> = [];
afterEach(() => open.splice(0).forEach((c) => c.socket.disconnect()));

const member = () => directMember(t.instance);
const rowsOf = <T = unknown>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
const connect = async (who: DirectMember) => {
  const client = await connectRecorder(socketUrl(t.instance), who.token);
  open.push(client);
  return client;
};
const sendOverSocket = (client: Awaited<ReturnType<typeof connect>>, payload: object) =>
  new Promise<any>((resolve) => client.socket.emit('message:send', payload, resolve));
const http = (who: DirectMember, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, payload });
const draft = (senderId: number, receiverId: number, text: string, extra: Partial<ConversationDraft> = {}) =>
  draftTo(directTo(receiverId), senderId, text, extra);

describe('sends stored together (group commit)', () => {
  it('stores and acknowledges many concurrent sends with their ids; the refused ones among them get their error', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => member()));
    const [blocker, picky] = [await member(), await member()];
    const sender = people[0]!;
    await http(blocker, 'POST', `/chat/blocks/${sender.id}`);
    await http(picky, 'PATCH', '/settings', { message_permission: 'following' });
    const clients = await Promise.all(people.map(connect));

    // Every member writes to every other member five times, all at once, and the first one also to the two who refuse.
    const sends = people.flatMap((from, i) =>
      people
        .filter((to) => to !== from)
        .flatMap((to) =>
          Array.from({ length: 5 }, (_, k) => ({ i, from, to, text: `${from.id}->${to.id} #${k}`, client_id: crypto.randomUUID() })),
        ),
    );
    const acks = await Promise.all([
      ...sends.map((s) => sendOverSocket(clients[s.i]!, { peer_id: s.to.id, text: s.text, client_id: s.client_id })),
      sendOverSocket(clients[0]!, { peer_id: blocker.id, text: 'blocked?' }),
      sendOverSocket(clients[0]!, { peer_id: picky.id, text: 'restricted?' }),
    ]);
    const refused = acks.splice(sends.length);
    expect(refused).toEqual([
      { ok: false, code: 'BLOCKED', msg: expect.any(String) },
      { ok: false, code: 'MESSAGES_RESTRICTED', msg: expect.any(String) },
    ]);
    acks.forEach((ack, n) => {
      expect(ack).toMatchObject({ ok: true, message: { id: expect.any(Number), text: sends[n]!.text, client_id: sends[n]!.client_id } });
    });
    expect(new Set(acks.map((a) => a.message.id)).size).toBe(sends.length);

    // Each acknowledged message is in the history, with the id it was acknowledged with, in the order it was sent.
    for (const s of sends.filter((x) => x.from === sender)) {
      const history = (await http(s.to, 'GET', `/chat/messages?peer_id=${sender.id}&limit=50`)).json();
      const mine = history.filter((m: { sender_id: number }) => m.sender_id === sender.id);
      const expected = sends.filter((x) => x.from === sender && x.to === s.to);
      expect(mine.map((m: { text: string }) => m.text)).toEqual(expected.map((x) => x.text));
      expect(mine.map((m: { id: number }) => m.id)).toEqual(expected.map((x) => acks[sends.indexOf(x)].message.id));
    }
    expect((await http(blocker, 'GET', `/chat/messages?peer_id=${sender.id}`)).json()).toEqual([]);
    expect((await http(picky, 'GET', `/chat/messages?peer_id=${sender.id}`)).json()).toEqual([]);
  });

  it('answers every draft of one batch with its own verdict', async () => {
    const [ann, bob, blocker, picky] = await Promise.all(Array.from({ length: 4 }, () => member()));
    await http(blocker, 'POST', `/chat/blocks/${ann.id}`);
    await http(picky, 'PATCH', '/settings', { message_permission: 'following' });
    const repository = new ConversationSendRepository(t.db);
    const first = draft(ann.id, bob.id, 'first');
    const [stored] = await repository.storeBatch([first]);
    expect(stored).toMatchObject({ verdict: 'created', row: { text: 'first', senderId: ann.id, receiverId: bob.id } });

    const twice = crypto.randomUUID();
    const outcomes = await repository.storeBatch([
      draft(ann.id, bob.id, 'second'),
      { ...first },
      draft(ann.id, blocker.id, 'to a blocker'),
      draft(ann.id, picky.id, 'to the picky one'),
      draft(ann.id, 99_999_999, 'to nobody'),
      draft(bob.id, ann.id, 'once', { clientId: twice }),
      draft(bob.id, ann.id, 'once', { clientId: twice }),
      draft(bob.id, ann.id, 'no key', { clientId: null }),
      draft(bob.id, ann.id, 'a reply', { replyToId: (stored as { row: { id: number } }).row.id }),
      draft(blocker.id, bob.id, 'a reply to another pair', { replyToId: (stored as { row: { id: number } }).row.id }),
    ]);
    const created = (n: number) => ((n < 0 ? stored : outcomes[n]) as { row: { id: number } }).row.id;
    expect(outcomes).toEqual([
      // A direct message names nobody but its two people (known to the caller): only a forward's origin would be named.
      {
        verdict: 'created',
        row: expect.objectContaining({ text: 'second', createdAt: expect.any(Date), expiresAt: null }),
        replyTo: null,
        named: [],
      },
      { verdict: 'stored', messageId: (stored as { row: { id: number } }).row.id },
      { verdict: 'blocked' },
      { verdict: 'restricted' },
      { verdict: 'missing' },
      { verdict: 'created', row: expect.objectContaining({ text: 'once', clientId: twice }), replyTo: null, named: [] },
      { verdict: 'stored', messageId: created(5) },
      { verdict: 'created', row: expect.objectContaining({ text: 'no key', clientId: null }), replyTo: null, named: [] },
      {
        verdict: 'created',
        row: expect.objectContaining({ text: 'a reply', replyToId: created(-1) }),
        replyTo: expect.objectContaining({ id: created(-1), text: 'first', createdAt: expect.any(Date) }),
        named: [],
      },
      { verdict: 'reply-missing' },
    ]);
    // Ids follow the order of the drafts.
    expect(created(0)).toBeLessThan(created(5));
    expect(created(5)).toBeLessThan(created(7));
  });

  it('answers a retry that raced its original in another batch with the original, once it is committed', async () => {
    const [ann, bob] = [await member(), await member()];
    const repository = new ConversationSendRepository(t.db);
    const clientId = crypto.randomUUID();
    // The original, stored by another process: inserted in a transaction still open while the retry's batch runs.
    let retry: Promise<unknown> | undefined;
    const originalId = await t.db.transaction(async (tx) => {
      const inserted = await tx.execute(
        sql`insert into messages (sender_id, receiver_id, client_id, text) values (${ann.id}, ${bob.id}, ${clientId}, 'original') returning id`,
      );
      retry = repository.storeBatch([draft(bob.id, ann.id, 'beside it'), draft(ann.id, bob.id, 'retry', { clientId })]);
      // The retry's batch waits on the original's index entry before this transaction commits.
      for (let waited = 0; waited < 200; waited++) {
        const waiting = await t.db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%json_to_recordset%'`,
        );
        if (rowsOf(waiting).length) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return Number(rowsOf<{ id: number }>(inserted)[0]!.id);
    });
    const outcomes = (await retry) as Array<{ verdict: string; messageId?: number; row?: { text: string } }>;
    expect(outcomes).toEqual([
      expect.objectContaining({ verdict: 'created', row: expect.objectContaining({ text: 'beside it' }) }),
      { verdict: 'stored', messageId: originalId },
    ]);
    const history = (await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}`)).json();
    expect(history.map((m: { text: string }) => m.text)).toEqual(['original', 'beside it']);
  });

  it('stores a batch whose statement fails one draft at a time: only the bad draft fails', async () => {
    const [ann, bob] = [await member(), await member()];
    const repository = new ConversationSendRepository(t.db);
    const queue = new GroupCommit((drafts: ConversationDraft[]) => repository.storeBatch(drafts));
    // A client id that is no UUID (the schemas never let one through) fails the whole statement.
    const results = await Promise.allSettled([
      queue.submit(draft(ann.id, bob.id, 'one')),
      queue.submit(draft(ann.id, bob.id, 'broken', { clientId: 'not-a-uuid' })),
      queue.submit(draft(bob.id, ann.id, 'two')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const history = (await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}`)).json();
    expect(history.map((m: { text: string }) => m.text)).toEqual(['one', 'two']);
  });
});
