import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

// The admin is whoever registers the address ADMIN_EMAILS names (the first test that asks).
const email = `boss.${crypto.randomBytes(4).toString('hex')}@example.test`;
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
let admin: Promise<Member> | undefined;
const theAdmin = () => (admin ??= t.member({ email }));

type MessageJson = { id: number; text: string; deleted: boolean; held?: boolean };
const setFilters = async (entries: unknown[]) =>
  expect((await t.as(await theAdmin()).put('/api/admin/filters', { entries })).statusCode).toBe(200);
const holdGiveaways = () => setFilters([{ pattern: 'giveaway', kind: 'word', action: 'hold' }]);
const heldMessages = async () =>
  ((await t.as(await theAdmin()).get('/api/admin/held')).json().items as any[]).filter((i) => i.kind === 'message');
const directHistory = async (reader: Member, peer: Member) =>
  (await t.as(reader).get(`/api/chat/messages?peer_id=${peer.id}&limit=50`)).json() as MessageJson[];
const groupHistory = async (reader: Member, groupId: number) =>
  (await t.as(reader).get(`/api/chat/groups/${groupId}/messages`)).json() as MessageJson[];
const ids = (list: MessageJson[]) => list.map((m) => m.id);
const searchIds = async (member: Member, q: string) =>
  ((await t.as(member).get(`/api/search?${new URLSearchParams({ q })}`)).json().results as any[]).map((r) => r.item.id);

afterAll(() => setFilters([]));

describe("messages a 'hold' filter catches", () => {
  it('in a direct chat: acknowledged and marked held for the sender, unseen by the receiver until released', async () => {
    await holdGiveaways();
    const [sender, receiver, moderator] = (await t.members(3)) as [Member, Member, Member];
    expect((await t.as(await theAdmin()).put(`/api/admin/moderators/${moderator.id}`)).statusCode).toBe(200);
    const live = await t.socket(receiver);
    const othersTab = await t.socket(sender);

    const ordinary = (await t.as(sender).post('/api/chat/send', { peer_id: receiver.id, text: 'hello there' })).json().message;
    const sent = await t.as(sender).post('/api/chat/send', { peer_id: receiver.id, text: 'Big GIVEAWAY tonight' });
    expect(sent.statusCode).toBe(201);
    const held = sent.json().message;
    expect(held).toMatchObject({ text: 'Big GIVEAWAY tonight', held: true });
    expect(ordinary).not.toHaveProperty('held');
    // The sender's other tab shows it at once, marked.
    expect(await othersTab.next('message:new', (m) => m.id === held.id)).toMatchObject({ held: true });

    // The sender sees it marked after a reload; the receiver has only the ordinary one, live and by history.
    expect((await directHistory(sender, receiver)).find((m) => m.id === held.id)).toMatchObject({ held: true });
    await live.next('message:new', (m) => m.id === ordinary.id);
    expect(ids(await directHistory(receiver, sender))).toEqual([ordinary.id]);
    expect(live.events.filter((e) => e.payload?.id === held.id)).toEqual([]);
    expect((await t.as(receiver).get('/api/chat/unread-count')).json()).toEqual({ unreadCount: 1 });
    const conversation = (await t.as(receiver).get('/api/chat/conversations')).json().conversations[0];
    expect(conversation).toMatchObject({ last_message: { id: ordinary.id }, unread: 1 });
    expect(await searchIds(receiver, 'giveaway')).toEqual([]);
    expect(await searchIds(sender, 'giveaway')).toEqual([held.id]);
    // Reading up to the end does not mark the held message read behind the sender's back.
    expect((await t.as(receiver).delete(`/api/chat/messages/${held.id}/for-me`)).statusCode).toBe(404);

    const queued = (await heldMessages()).find((i) => i.id === held.id);
    expect(queued).toMatchObject({
      author: { id: sender.id },
      text: 'Big GIVEAWAY tonight',
      context: `Direct message to @${receiver.username}`,
    });

    const delivered = live.next('message:new', (m) => m.id === held.id);
    expect((await t.as(moderator).post(`/api/admin/held/message/${held.id}/release`)).statusCode).toBe(200);
    expect(await delivered).toMatchObject({ text: 'Big GIVEAWAY tonight' });
    expect((await delivered).held).toBeUndefined();
    expect(ids(await directHistory(receiver, sender))).toEqual([ordinary.id, held.id]);
    expect((await directHistory(sender, receiver)).find((m) => m.id === held.id)).not.toHaveProperty('held');
    expect((await t.as(receiver).get('/api/chat/unread-count')).json()).toEqual({ unreadCount: 2 });
    expect((await heldMessages()).find((i) => i.id === held.id)).toBeUndefined();
    expect((await t.as(moderator).post(`/api/admin/held/message/${held.id}/release`)).statusCode).toBe(404);
  });

  it('in a group: an edit that adds a held word takes it from the others at once; removed, the author may appeal it back', async () => {
    await holdGiveaways();
    const [sender, other, third] = (await t.members(3)) as [Member, Member, Member];
    const group = (await t.as(sender).post('/api/chat/groups', { name: 'Hikers', member_ids: [other.id, third.id] })).json();
    const live = await t.socket(other);
    const sent = (await t.as(sender).post(`/api/chat/groups/${group.id}/send`, { text: 'see you on the trail' })).json().message;
    await live.next('group:message:new', (m) => m.id === sent.id);

    const gone = live.next('group:message:deleted', (m) => m.id === sent.id);
    const edited = await t.as(sender).patch(`/api/chat/groups/${group.id}/messages/${sent.id}`, { text: 'trail giveaway!' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message ?? edited.json()).toMatchObject({ text: 'trail giveaway!', held: true });
    expect(await gone).toMatchObject({ deleted: true, text: '' });
    expect(ids(await groupHistory(other, group.id))).not.toContain(sent.id);
    expect((await groupHistory(sender, group.id)).find((m) => m.id === sent.id)).toMatchObject({ held: true });
    expect(live.events.some((e) => e.name === 'group:message:updated' && e.payload.id === sent.id)).toBe(false);
    const queued = (await heldMessages()).find((i) => i.id === sent.id);
    expect(queued).toMatchObject({ context: 'In the group Hikers' });

    const admin = await theAdmin();
    expect((await t.as(admin).post(`/api/admin/held/message/${sent.id}/remove`, { note: 'No adverts' })).statusCode).toBe(200);
    expect((await groupHistory(sender, group.id)).find((m) => m.id === sent.id)).toMatchObject({ deleted: true, text: '' });
    const told = (await t.as(sender).get('/api/notifications')).json().notifications[0];
    expect(told).toMatchObject({ kind: 'content_removed', payload: { target_kind: 'message', reason: 'No adverts' } });

    const appeal = await t.as(sender).post('/api/appeals', { action_id: told.payload.action_id, text: 'It was a joke' });
    expect(appeal.statusCode).toBe(201);
    const pending = (await t.as(admin).get('/api/admin/appeals')).json().appeals.find((a: { id: number }) => a.id === appeal.json().id);
    expect(pending).toMatchObject({ content: { kind: 'message', messages: [{ text: 'trail giveaway!' }] } });
    const back = live.next('group:message:new', (m) => m.id === sent.id && m.text !== 'see you on the trail');
    expect((await t.as(admin).post(`/api/admin/appeals/${appeal.json().id}/decide`, { accept: true })).statusCode).toBe(200);
    expect(await back).toMatchObject({ text: 'trail giveaway!' });
    expect((await groupHistory(other, group.id)).find((m) => m.id === sent.id)).toMatchObject({ text: 'trail giveaway!', deleted: false });
  });

  it('edited again or deleted by its sender while held: the others hear nothing of it', async () => {
    await holdGiveaways();
    const [sender, receiver] = (await t.members(2)) as [Member, Member];
    const live = await t.socket(receiver);
    const held = (await t.as(sender).post('/api/chat/send', { peer_id: receiver.id, text: 'giveaway one' })).json().message;
    const edited = await t.as(sender).patch(`/api/chat/messages/${held.id}`, { text: 'giveaway two' });
    expect(edited.json().message ?? edited.json()).toMatchObject({ text: 'giveaway two', held: true });
    expect((await t.as(receiver).put(`/api/chat/messages/${held.id}/reactions/1f44d`)).statusCode).toBe(404);
    expect((await t.as(sender).delete(`/api/chat/messages/${held.id}`)).statusCode).toBe(200);
    // An ordinary message after it arrives; nothing about the held one ever did.
    const ordinary = (await t.as(sender).post('/api/chat/send', { peer_id: receiver.id, text: 'hi' })).json().message;
    await live.next('message:new', (m) => m.id === ordinary.id);
    expect((await t.as(receiver).put(`/api/chat/messages/${ordinary.id}/reactions/1f44d`)).statusCode).toBe(200);
    expect(live.events.filter((e) => e.payload?.id === held.id)).toEqual([]);
    expect((await heldMessages()).find((i) => i.id === held.id)).toBeUndefined();
  });

  it('in a channel: the other members get it only once it is released', async () => {
    await holdGiveaways();
    const [owner, member] = (await t.members(2)) as [Member, Member];
    const club = (await t.as(owner).post('/api/communities', { name: `Club ${crypto.randomBytes(3).toString('hex')}` })).json();
    expect((await t.as(member).post(`/api/communities/${club.id}/join`)).statusCode).toBe(200);
    const live = await t.socket(member);
    await live.next('community:online', (e) => e.community_id === club.id);

    const text = `giveaway for members, @${member.username}`;
    const sent = await t.as(owner).post(`/api/communities/${club.id}/send`, { text });
    expect(sent.statusCode).toBe(201);
    const held = sent.json().message;
    expect(held).toMatchObject({ held: true });
    const history = async (reader: Member) => (await t.as(reader).get(`/api/communities/${club.id}/messages`)).json() as MessageJson[];
    expect(ids(await history(member))).not.toContain(held.id);
    expect((await history(owner)).find((m) => m.id === held.id)).toMatchObject({ held: true });
    const unread = (await t.as(member).get('/api/communities/unread')).json();
    expect(JSON.stringify(unread)).not.toMatch(/"unread":[1-9]/);

    const queued = (await heldMessages()).find((i) => i.id === held.id);
    expect(queued.context).toMatch(new RegExp(`^In #\\S+ of ${club.name}$`));
    const delivered = live.next('community:message:new', (m) => m.id === held.id);
    expect((await t.as(await theAdmin()).post(`/api/admin/held/message/${held.id}/release`)).statusCode).toBe(200);
    expect(await delivered).toMatchObject({ text, community_id: club.id });
    expect(ids(await history(member))).toContain(held.id);
    // Named in it, the member is told now, as for a new message (and was not while it was held).
    const told = await live.next('notification:new', (n) => n.kind === 'community_mention');
    expect(told.payload).toMatchObject({ message_id: held.id, community_id: club.id });
    expect(live.events.filter((e) => e.name === 'notification:new')).toHaveLength(1);
  });
});
