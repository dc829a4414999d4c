import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { directChat, type ChatMember } from './chat.test-support.ts';

const t = useTestApp();

type Member = ChatMember;
const { member, send, get } = directChat(t);

describe('edit, delete, reactions, read receipts', () => {
  it('lets the author edit and delete for everyone, and nobody else', async () => {
    const [ann, bob] = [await member(), await member()];
    const msg = (await send(ann, { peer_id: bob.id, text: 'typo' })).json().message;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/chat/messages/${msg.id}`, headers: bob.auth, payload: { text: 'hijack' } }))
        .statusCode,
    ).toBe(403);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/chat/messages/${msg.id}`,
      headers: ann.auth,
      payload: { text: 'fixed' },
    });
    expect(edited.json()).toMatchObject({ text: 'fixed', edited_at: expect.any(String) });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/chat/messages/${msg.id}`, headers: bob.auth })).statusCode).toBe(403);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/chat/messages/${msg.id}`, headers: ann.auth });
    expect(deleted.json()).toMatchObject({ deleted: true, text: '' });
    const history = (await get(bob, `/api/chat/messages?peer_id=${ann.id}`)).json();
    expect(history).toEqual([expect.objectContaining({ id: msg.id, deleted: true, text: '' })]);
  });

  it('keeps the seven quick reactions per person', async () => {
    const [ann, bob] = [await member(), await member()];
    const msg = (await send(ann, { peer_id: bob.id, text: 'react to me' })).json().message;
    const put = (who: Member, emoji: string) =>
      t.app.inject({ method: 'PUT', url: `/api/chat/messages/${msg.id}/reactions/${emoji}`, headers: who.auth });
    expect((await put(bob, '1f44d')).json().reactions).toEqual([{ emoji: '1f44d', count: 1, user_ids: [bob.id] }]);
    await put(bob, '1f44d');
    expect((await put(ann, '1f44d')).json().reactions).toEqual([{ emoji: '1f44d', count: 2, user_ids: [bob.id, ann.id] }]);
    expect((await put(ann, '1f4a9')).statusCode).toBe(400);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/chat/messages/${msg.id}/reactions/1f44d`, headers: bob.auth });
    expect(removed.json().reactions).toEqual([{ emoji: '1f44d', count: 1, user_ids: [ann.id] }]);
  });

  it('counts unread, marks read and hides read times when either side turns receipts off', async () => {
    const [ann, bob] = [await member(), await member()];
    const m1 = (await send(ann, { peer_id: bob.id, text: 'one' })).json().message;
    const m2 = (await send(ann, { peer_id: bob.id, text: 'two' })).json().message;
    expect((await get(bob, '/api/chat/unread-count')).json()).toEqual({ unreadCount: 2 });
    const conv = (await get(bob, '/api/chat/conversations')).json().conversations;
    expect(conv).toEqual([
      expect.objectContaining({
        peer: expect.objectContaining({ id: ann.id }),
        unread: 2,
        last_message: expect.objectContaining({ text: 'two' }),
      }),
    ]);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: bob.auth,
      payload: { peer_id: ann.id, up_to_id: m1.id },
    });
    expect(read.json()).toEqual({ updated: 1, unreadCount: 1 });
    const seen = (await get(ann, `/api/chat/messages?peer_id=${bob.id}`)).json();
    expect(seen[0].read_at).toEqual(expect.any(String));
    expect(seen[1].read_at).toBeNull();

    await t.app.inject({ method: 'PATCH', url: '/api/settings', headers: bob.auth, payload: { read_receipts: false } });
    await t.app.inject({ method: 'POST', url: '/api/chat/read', headers: bob.auth, payload: { peer_id: ann.id, up_to_id: m2.id } });
    expect((await get(bob, '/api/chat/unread-count')).json()).toEqual({ unreadCount: 0 });
    const hidden = (await get(ann, `/api/chat/messages?peer_id=${bob.id}`)).json();
    expect(hidden.map((m: { read_at: string | null }) => m.read_at)).toEqual([null, null]);
  });
});

describe('users, conversations and blocking', () => {
  it('lists people to message, conversations first, searchable by name or username', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const ann = await member({ fullName: `Ann ${tag}`, username: `ann_${tag}` });
    const bob = await member({ fullName: `Bob ${tag}`, username: `bob_${tag}` });
    const cy = await member({ fullName: `Cy ${tag}`, username: `cy_${tag}` });
    await send(ann, { peer_id: cy.id, text: 'hi cy' });
    const all = (await get(ann, `/api/chat/users?search=${tag}`)).json().users;
    expect(all.map((u: { id: number }) => u.id)).toEqual([cy.id, bob.id]);
    expect(all[0]).toEqual({ id: cy.id, name: `Cy ${tag}`, username: `cy_${tag}`, avatar: null });
    expect((await get(ann, `/api/chat/users?search=BOB_${tag.toUpperCase()}`)).json().users.map((u: { id: number }) => u.id)).toEqual([
      bob.id,
    ]);
    expect((await get(ann, `/api/chat/users?search=%25`)).json().users.every((u: { name: string }) => u.name?.includes('%'))).toBe(true);
  });

  it('pages the people list by 50, with the offset of the next page until the last one', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const ann = await member({ fullName: `Ann ${tag}` });
    const others = [];
    for (let i = 0; i < 52; i += 1) others.push(await member({ fullName: `Peer ${tag} ${i}` }));
    const first = (await get(ann, `/api/chat/users?search=Peer ${tag}`)).json();
    expect(first.users).toHaveLength(50);
    expect(first.next_offset).toBe(50);
    const second = (await get(ann, `/api/chat/users?search=Peer ${tag}&offset=50`)).json();
    expect(second).toMatchObject({ next_offset: null });
    expect([...first.users, ...second.users].map((u: { id: number }) => u.id).sort((a: number, b: number) => a - b)).toEqual(
      others.map((o) => o.id),
    );
    expect((await get(ann, `/api/chat/users?offset=-1`)).statusCode).toBe(400);
    expect((await get(ann, `/api/chat/users?offset=many`)).statusCode).toBe(400);
  });

  it('blocking stops messages both ways and hides the member from the list', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const ann = await member({ fullName: `Ann ${tag}` });
    const bob = await member({ fullName: `Bob ${tag}` });
    await send(bob, { peer_id: ann.id, text: 'before' });
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/blocks/${bob.id}`, headers: ann.auth })).json()).toEqual({
      user_id: bob.id,
      blocked: true,
    });
    for (const res of [await send(bob, { peer_id: ann.id, text: 'hey' }), await send(ann, { peer_id: bob.id, text: 'hey' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BLOCKED');
    }
    expect((await get(ann, '/api/chat/blocks')).json().blocked.map((u: { id: number }) => u.id)).toEqual([bob.id]);
    expect((await get(bob, `/api/chat/users?search=${tag}`)).json().users).toEqual([]);
    expect((await get(ann, '/api/chat/conversations')).json().conversations[0]).toMatchObject({ blocked: true });
    expect((await get(ann, `/api/chat/peers/${bob.id}`)).json()).toMatchObject({
      peer: { id: bob.id, name: `Bob ${tag}`, online: false },
      blocked: true,
      can_message: false,
    });
    // Bob did not block anyone, but may not write to Ann either: his chat says so instead of failing every send.
    expect((await get(bob, `/api/chat/peers/${ann.id}`)).json()).toMatchObject({ blocked: false, can_message: false });
    expect((await get(bob, '/api/chat/peers/99999999')).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/chat/blocks/${bob.id}`, headers: ann.auth });
    expect((await get(bob, `/api/chat/peers/${ann.id}`)).json()).toMatchObject({ blocked: false, can_message: true });
    expect((await send(bob, { peer_id: ann.id, text: 'again' })).statusCode).toBe(201);
  });
});

describe('settings', () => {
  it('has defaults, saves changes and rejects unknown values', async () => {
    const ann = await member();
    const defaults = {
      read_receipts: true,
      last_seen_visibility: 'everyone',
      auto_delete: 'off',
      phone_visibility: 'followers',
      dob_visibility: 'followers',
      location_visibility: 'everyone',
      profile_visibility: 'everyone',
      message_permission: 'everyone',
    };
    expect((await get(ann, '/api/settings')).json()).toEqual(defaults);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: ann.auth,
      payload: { last_seen_visibility: 'nobody' },
    });
    expect(saved.json()).toEqual({ ...defaults, last_seen_visibility: 'nobody' });
    expect((await get(ann, '/api/settings')).json().last_seen_visibility).toBe('nobody');
    for (const payload of [{ last_seen_visibility: 'friends' }, {}, { read_receipts: 'yes' }, { phone: 'x' }]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/settings', headers: ann.auth, payload });
      expect(res.statusCode).toBe(400);
    }
  });
});
