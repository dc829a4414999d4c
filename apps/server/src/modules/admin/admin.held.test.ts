import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, staffAndMember } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
const theAdmin = adminOf(t, email);

const setFilters = async (entries: unknown[]) =>
  expect((await t.as(await theAdmin()).put('/api/admin/filters', { entries })).statusCode).toBe(200);
const postAs = (member: Member, text: string) => t.as(member).multipart('/api/posts/create', { post: text });
const pageOf = async (viewer: Member, author: Member) => (await t.as(viewer).get(`/api/posts/user/${author.id}`)).json().posts as any[];
const heldPostsQueue = async () =>
  ((await t.as(await theAdmin()).get('/api/admin/held')).json().items as any[]).filter((i) => i.kind === 'post');

afterAll(() => setFilters([]));

describe("posts a 'hold' filter catches", () => {
  it('are stored, seen by their author alone marked held, and reach nobody live until a moderator releases them', async () => {
    await setFilters([{ pattern: 'giveaway', kind: 'word', action: 'hold' }]);
    const { moderator, member: author } = await staffAndMember(t, await theAdmin());
    const [reader] = await t.members(1);
    const live = await t.socket(reader!);

    const made = await postAs(author, 'Big GIVEAWAY this weekend');
    expect(made.statusCode).toBe(201);
    const postId = made.json().post_id;
    expect(made.json()).toMatchObject({ held: true });
    expect(await pageOf(author, author)).toMatchObject([{ post_id: postId, held: true }]);
    expect(await pageOf(reader!, author)).toEqual([]);
    // An ordinary post after it goes out live; the held one never did.
    const ordinary = await postAs(author, 'an ordinary post');
    await live.next('post:new', (p) => p.post_id === ordinary.json().post_id);
    expect(live.names().filter((n) => n === 'post:new')).toHaveLength(1);
    expect((await pageOf(author, author)).find((p) => p.post_id === ordinary.json().post_id)).not.toHaveProperty('held');

    const queued = (await heldPostsQueue()).find((p) => p.id === postId);
    expect(queued).toMatchObject({ author: { id: author.id }, text: 'Big GIVEAWAY this weekend' });
    const released = live.next('post:new', (p) => p.post_id === postId);
    expect((await t.as(moderator).post(`/api/admin/held/post/${postId}/release`)).statusCode).toBe(200);
    await released;
    expect((await pageOf(reader!, author)).map((p) => p.post_id)).toContain(postId);
    expect((await heldPostsQueue()).find((p) => p.id === postId)).toBeUndefined();
    expect((await t.as(moderator).post(`/api/admin/held/post/${postId}/release`)).statusCode).toBe(404);
    expect((await t.as(moderator).post(`/api/admin/held/poll/${postId}/release`)).statusCode).toBe(400);
    const audit = (await t.as(await theAdmin()).get('/api/admin/audit?limit=1')).json().entries[0];
    expect(audit).toMatchObject({
      action: 'held.release',
      actor: { id: moderator.id },
      target_user: { id: author.id },
      details: { held_kind: 'post', held_id: postId },
    });
  });

  it('removed from the queue, are taken down, the author told why and able to appeal', async () => {
    await setFilters([{ pattern: 'pills.example', kind: 'domain', action: 'hold' }]);
    const [author, reader] = await t.members(2);
    const postId = (await postAs(author!, 'cheap at pills.example')).json().post_id;
    const admin = await theAdmin();
    expect((await t.as(reader!).post(`/api/admin/held/post/${postId}/remove`, {})).statusCode).toBe(404);
    expect((await t.as(admin).post(`/api/admin/held/post/${postId}/remove`, { note: 'Adverts go elsewhere' })).statusCode).toBe(200);
    expect(await pageOf(author!, author!)).toEqual([]);
    const told = (await t.as(author!).get('/api/notifications')).json().notifications[0];
    expect(told).toMatchObject({ kind: 'content_removed', payload: { target_kind: 'post', reason: 'Adverts go elsewhere' } });

    const appeal = await t.as(author!).post('/api/appeals', { action_id: told.payload.action_id, text: 'It is my shop' });
    expect(appeal.statusCode).toBe(201);
    const queued = (await t.as(admin).get('/api/admin/appeals')).json().appeals.find((a: { id: number }) => a.id === appeal.json().id);
    expect(queued).toMatchObject({ reason: 'Adverts go elsewhere', content: { kind: 'post', text: 'cheap at pills.example' } });
    expect((await t.as(admin).post(`/api/admin/appeals/${appeal.json().id}/decide`, { accept: true })).statusCode).toBe(200);
    expect((await pageOf(reader!, author!)).map((p) => p.post_id)).toEqual([postId]);
  });

  it('an edit that adds a held word takes a post out of others’ feeds at once', async () => {
    await setFilters([{ pattern: 'giveaway', kind: 'word', action: 'hold' }]);
    const [author, reader] = await t.members(2);
    const postId = (await postAs(author!, 'a calm post')).json().post_id;
    const live = await t.socket(reader!);
    const gone = live.next('post:deleted', (p) => p.post_id === postId);
    const edited = await t.as(author!).patch(`/api/posts/${postId}`, { post: 'now a giveaway' });
    expect(edited.json()).toMatchObject({ held: true });
    await gone;
    expect(await pageOf(reader!, author!)).toEqual([]);
  });
});
