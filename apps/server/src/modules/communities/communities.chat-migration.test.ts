import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDatabase, migrateTo, migrationsBefore, rowsOf } from '../../../test/support/migrations.ts';

const cleanUp: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanUp) await step();
});

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('moving community chat onto the conversation core (0023)', () => {
  it('keeps every message, reply, reaction, report, read position, Clear chat and mention, in the first channel', async () => {
    const database = await emptyDatabase();
    const folder = migrationsBefore('0023_community_chat_on_conversations');
    cleanUp.push(
      async () => fs.rmSync(folder, { recursive: true, force: true }),
      () => database.close(),
    );
    const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
    await migrateTo(database, folder);

    await run(sql`insert into users (id, email, username) values
      (1, 'a@example.test', 'ada'), (2, 'b@example.test', 'ben'), (3, 'c@example.test', 'cy'), (4, 'd@example.test', 'di')`);
    // Private chat already holds messages (so the moved ids shift), one of them with the client id Ada's first
    // community message used too.
    await run(sql`insert into messages (sender_id, receiver_id, client_id, text) values
      (1, 2, ${A}, 'private hello'), (2, 1, null, 'private answer'), (1, 3, null, 'another')`);
    await run(sql`insert into communities (id, owner_id, name, visibility) values (10, 1, 'Club', 'public'), (11, 2, 'Other', 'private')`);
    // The club has the channel 0022 made and a second one after it; the other community was made without one.
    await run(sql`insert into conversations (id, kind, community_id, name, position) values
      (100, 'channel', 10, 'general', 0), (101, 'channel', 10, 'news', 1)`);
    await run(sql`insert into community_members (community_id, user_id, state, role, last_read_id, cleared_before) values
      (10, 1, 'member', 'owner', 2, 1), (10, 2, 'member', 'member', 0, 0), (10, 3, 'member', 'member', 4, 0),
      (11, 2, 'member', 'owner', 3, 3), (11, 4, 'requested', 'member', 0, 0)`);
    await run(sql`insert into community_messages (id, community_id, sender_id, client_id, text, reply_to_id, media_url, deleted_at, removed_by) values
      (1, 10, 1, ${A}, 'first', null, null, null, null),
      (2, 10, 2, ${B}, 'answering', 1, '/media/x.png', null, null),
      (3, 11, 2, null, 'elsewhere', null, null, null, null),
      (4, 10, 3, null, '', null, null, now(), 1)`);
    await run(sql`select setval('community_messages_id_seq', 4)`);
    await run(sql`insert into community_message_reactions (message_id, user_id, emoji) values (1, 2, '👍'), (1, 3, '👍'), (2, 1, '❤️')`);
    await run(sql`insert into community_reports (id, community_id, reporter_id, reported_user_id, message_id, reason) values
      (1, 10, 2, 1, 1, 'rude'), (2, 10, 1, 3, null, 'spam')`);
    await run(sql`insert into notifications (user_id, kind, payload) values
      (1, 'community_mention', ${JSON.stringify({ actor_id: 2, community_id: 10, community_name: 'Club', message_id: 2, via: 'reply' })}::jsonb),
      (2, 'follow', ${JSON.stringify({ actor_id: 1 })}::jsonb)`);
    await run(sql`insert into community_audit (community_id, actor_id, action, target_user_id, details) values
      (10, 1, 'message.remove', 3, ${JSON.stringify({ message_id: 4 })}::jsonb)`);

    await migrateTo(database);

    const shift = 3; // the messages sequence had handed out 3 ids
    const id = (old: number) => old + shift;
    const [other] = await rowsOf<{ id: number }>(database, sql`select id from conversations where community_id = 11`);
    type Moved = {
      id: number;
      conversation_id: number;
      sender_id: number;
      receiver_id: number | null;
      client_id: string | null;
      text: string;
      reply_to_id: number | null;
      media_url: string | null;
      deleted: boolean;
      removed_by: number | null;
    };
    const moved = await rowsOf<Moved>(
      database,
      sql`select id, conversation_id, sender_id, receiver_id, client_id, text, reply_to_id, media_url, deleted_at is not null as deleted,
        removed_by from messages where conversation_id is not null order by id`,
    );
    expect(moved).toEqual([
      {
        id: id(1),
        conversation_id: 100,
        sender_id: 1,
        receiver_id: null,
        client_id: null,
        text: 'first',
        reply_to_id: null,
        media_url: null,
        deleted: false,
        removed_by: null,
      },
      {
        id: id(2),
        conversation_id: 100,
        sender_id: 2,
        receiver_id: null,
        client_id: B,
        text: 'answering',
        reply_to_id: id(1),
        media_url: '/media/x.png',
        deleted: false,
        removed_by: null,
      },
      {
        id: id(3),
        conversation_id: other!.id,
        sender_id: 2,
        receiver_id: null,
        client_id: null,
        text: 'elsewhere',
        reply_to_id: null,
        media_url: null,
        deleted: false,
        removed_by: null,
      },
      {
        id: id(4),
        conversation_id: 100,
        sender_id: 3,
        receiver_id: null,
        client_id: null,
        text: '',
        reply_to_id: null,
        media_url: null,
        deleted: true,
        removed_by: 1,
      },
    ]);
    expect(await rowsOf(database, sql`select kind, name, position from conversations where id = ${other!.id}`)).toEqual([
      { kind: 'channel', name: 'general', position: 0 },
    ]);
    // Private chat is as it was, and the next message of any kind gets an id past the moved ones.
    expect(await rowsOf(database, sql`select id, client_id from messages where receiver_id is not null order by id`)).toEqual([
      { id: 1, client_id: A },
      { id: 2, client_id: null },
      { id: 3, client_id: null },
    ]);
    const [next] = await rowsOf<{ id: number }>(
      database,
      sql`insert into messages (sender_id, conversation_id, text) values (1, 100, 'new') returning id`,
    );
    expect(next!.id).toBe(id(4) + 1);

    expect(await rowsOf(database, sql`select message_id, user_id, emoji from message_reactions order by message_id, user_id`)).toEqual([
      { message_id: id(1), user_id: 2, emoji: '👍' },
      { message_id: id(1), user_id: 3, emoji: '👍' },
      { message_id: id(2), user_id: 1, emoji: '❤️' },
    ]);
    expect(await rowsOf(database, sql`select id, message_id from community_reports order by id`)).toEqual([
      { id: 1, message_id: id(1) },
      { id: 2, message_id: null },
    ]);
    // Read positions and Clear chat are the first channel's now; members who had read nothing have no row yet.
    expect(
      await rowsOf(database, sql`select conversation_id, user_id, last_read_id, cleared_before from conversation_members order by user_id`),
    ).toEqual([
      { conversation_id: 100, user_id: 1, last_read_id: id(2), cleared_before: id(1) },
      { conversation_id: other!.id, user_id: 2, last_read_id: id(3), cleared_before: id(3) },
      { conversation_id: 100, user_id: 3, last_read_id: id(4), cleared_before: 0 },
    ]);
    expect(await rowsOf(database, sql`select kind, payload from notifications order by id`)).toEqual([
      {
        kind: 'community_mention',
        payload: { actor_id: 2, community_id: 10, community_name: 'Club', message_id: id(2), channel_id: 100, via: 'reply' },
      },
      { kind: 'follow', payload: { actor_id: 1 } },
    ]);
    expect(await rowsOf(database, sql`select details from community_audit`)).toEqual([{ details: { message_id: id(4) } }]);

    // The old tables and columns are gone; a report follows its message into the new table.
    const tables = await rowsOf<{ name: string }>(
      database,
      sql`select table_name as name from information_schema.tables where table_name like 'community_message%'`,
    );
    expect(tables).toEqual([]);
    const columns = await rowsOf<{ name: string }>(
      database,
      sql`select column_name as name from information_schema.columns where table_name = 'community_members' and column_name in ('last_read_id', 'cleared_before')`,
    );
    expect(columns).toEqual([]);
    await run(sql`delete from messages where id = ${id(1)}`);
    expect(await rowsOf(database, sql`select message_id from community_reports where id = 1`)).toEqual([{ message_id: null }]);
  });
});
