import { afterAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email });
const theAdmin = adminOf(t, email);

const postText = (member: Member, text: string) => t.as(member).multipart('/api/posts/create', { post: text });
/** Members who signed up days ago: no longer new. */
const aged = async (members: Member[]) => {
  await t.db
    .update(users)
    .set({ createdAt: sql`now() - interval '3 days'` })
    .where(
      inArray(
        users.id,
        members.map((m) => m.id),
      ),
    );
};
const setHours = async (hours: number) => {
  const res = await t.as(await theAdmin()).patch('/api/admin/settings', { new_account_hours: hours });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ new_account_hours: hours });
};
const follow = async (who: Member, whom: Member) =>
  expect((await t.as(who).post(`/api/users/${whom.id}/follow`)).statusCode).toBeLessThan(300);
const direct = (from: Member, to: Member) => t.as(from).post('/api/chat/send', { peer_id: to.id, text: 'hello there' });
const refusedAsNew = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'NEW_ACCOUNT_LIMIT', msg: expect.stringContaining('first day') });
};

afterAll(() => setHours(0));

describe("new accounts' first hours", () => {
  it('are off until an admin sets them; only admins may, within 0 to 720 hours', async () => {
    const [fresh, stranger] = await t.members(2);
    expect((await t.as(null).get('/api/instance')).json()).toMatchObject({ new_account_hours: 0 });
    expect((await direct(fresh!, stranger!)).statusCode).toBe(201);
    expect((await postText(fresh!, 'see spam.example')).statusCode).toBe(201);
    expect((await t.as(await theAdmin()).patch('/api/admin/settings', { new_account_hours: -1 })).statusCode).toBe(400);
    expect((await t.as(await theAdmin()).patch('/api/admin/settings', { new_account_hours: 721 })).statusCode).toBe(400);
    expect((await t.as(fresh!).patch('/api/admin/settings', { new_account_hours: 24 })).statusCode).toBe(404);
  });

  it('refuse links in posts, edits and comments, and nothing else', async () => {
    await setHours(24);
    const [fresh] = await t.members(1);
    refusedAsNew(await postText(fresh!, 'cheap pills at https://spam.example/buy'));
    refusedAsNew(await postText(fresh!, 'cheap pills at spam.example'));
    const created = await postText(fresh!, 'hello, I am new here');
    expect(created.statusCode).toBe(201);
    const postId = created.json().post_id;
    refusedAsNew(await t.as(fresh!).patch(`/api/posts/${postId}`, { post: 'now with spam.example' }));
    refusedAsNew(await t.as(fresh!).post(`/api/posts/${postId}/comments`, { text: 'more at spam.example' }));
    expect((await t.as(fresh!).post(`/api/posts/${postId}/comments`, { text: 'no link here.' })).statusCode).toBe(201);
  });

  it('let a new account message only people it follows or who follow it, and add only them to a group', async () => {
    await setHours(24);
    const [fresh, followed, follower, stranger] = await t.members(4);
    await aged([followed!, follower!, stranger!]);
    await follow(fresh!, followed!);
    await follow(follower!, fresh!);
    refusedAsNew(await direct(fresh!, stranger!));
    expect((await direct(fresh!, followed!)).statusCode).toBe(201);
    expect((await direct(fresh!, follower!)).statusCode).toBe(201);
    // Others write to the new account as they like.
    expect((await direct(stranger!, fresh!)).statusCode).toBe(201);

    refusedAsNew(await t.as(fresh!).post('/api/chat/groups', { name: 'Mixed', member_ids: [followed!.id, stranger!.id] }));
    const group = await t.as(fresh!).post('/api/chat/groups', { name: 'Friends', member_ids: [followed!.id, follower!.id] });
    expect(group.statusCode).toBe(201);
    refusedAsNew(await t.as(fresh!).post(`/api/chat/groups/${group.json().id}/members`, { user_ids: [stranger!.id] }));

    // Back to off: the same sends go through.
    await setHours(0);
    expect((await direct(fresh!, stranger!)).statusCode).toBe(201);
    expect((await postText(fresh!, 'see spam.example')).statusCode).toBe(201);
  });
});
