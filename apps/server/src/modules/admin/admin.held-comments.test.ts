import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, reportResolved } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
const theAdmin = adminOf(t, email);

const setFilters = async (entries: unknown[]) =>
  expect((await t.as(await theAdmin()).put('/api/admin/filters', { entries })).statusCode).toBe(200);
const holdGiveaways = () => setFilters([{ pattern: 'giveaway', kind: 'word', action: 'hold' }]);
const commentAs = (member: Member, postId: number, text: string) => t.as(member).post(`/api/posts/${postId}/comments`, { text });
const threadOf = async (viewer: Member, postId: number) =>
  (await t.as(viewer).get(`/api/posts/${postId}/comments`)).json().comments as any[];
const countOf = async (viewer: Member, author: Member, postId: number) =>
  (await t.as(viewer).get(`/api/posts/user/${author.id}`)).json().posts.find((p: any) => p.post_id === postId).comments_count;
const notices = async (member: Member) => (await t.as(member).get('/api/notifications')).json().notifications as any[];
const heldComment = async (id: number) => {
  const res = await t.as(await theAdmin()).get('/api/admin/held');
  expect(res.statusCode).toBe(200);
  return (res.json().items as any[]).find((i) => i.kind === 'comment' && i.id === id);
};
const decide = async (path: 'release' | 'remove', id: number, body: Record<string, unknown> = {}) =>
  t.as(await theAdmin()).post(`/api/admin/held/comment/${id}/${path}`, body);

afterAll(() => setFilters([]));

describe("comments a 'hold' filter catches", () => {
  it('are seen by their author alone, marked held and not counted; nobody hears of them until released', async () => {
    await holdGiveaways();
    const [poster, writer, reader] = (await t.members(3)) as [Member, Member, Member];
    const postId = await t.post(poster, 'what shall we do this weekend?');
    const live = await t.socket(reader);

    const made = await commentAs(writer, postId, `a GIVEAWAY for @${reader.username}`);
    expect(made.statusCode).toBe(201);
    const heldId = made.json().comment.id;
    expect(made.json()).toMatchObject({ comment: { held: true }, comments_count: 0 });
    expect(await threadOf(writer, postId)).toMatchObject([{ id: heldId, held: true }]);
    expect(await threadOf(reader, postId)).toEqual([]);
    expect(await threadOf(poster, postId)).toEqual([]);
    expect(await countOf(reader, poster, postId)).toBe(0);
    // The post's author cannot delete what they cannot see, nor anyone report it.
    expect((await t.as(poster).delete(`/api/posts/${postId}/comments/${heldId}`)).statusCode).toBe(404);
    const reported = await t.as(reader).post('/api/reports', { target: { kind: 'comment', id: heldId }, reason: 'Spam' });
    expect(reported.statusCode).toBe(404);

    // An ordinary comment after it goes out live, is counted and told; the held one was not.
    const ordinary = (await commentAs(writer, postId, 'an ordinary comment')).json();
    expect(ordinary).toMatchObject({ comments_count: 1 });
    expect(ordinary.comment).not.toHaveProperty('held');
    await live.next('comment:new', (e) => e.comment.id === ordinary.comment.id);
    expect(live.events.filter((e) => e.name === 'comment:new')).toHaveLength(1);
    expect((await notices(poster)).map((n) => n.payload.comment_id)).toEqual([ordinary.comment.id]);
    expect(await notices(reader)).toEqual([]);

    expect(await heldComment(heldId)).toMatchObject({
      author: { id: writer.id },
      text: `a GIVEAWAY for @${reader.username}`,
      context: `Comment on a post by @${poster.username}`,
    });
    const released = live.next('comment:new', (e) => e.comment.id === heldId);
    expect((await decide('release', heldId)).statusCode).toBe(200);
    expect(await released).toMatchObject({ post_id: postId, comments_count: 2 });
    expect((await released).comment).not.toHaveProperty('held');
    expect((await threadOf(reader, postId)).map((c) => c.id)).toEqual([heldId, ordinary.comment.id]);
    expect((await threadOf(writer, postId))[0]).not.toHaveProperty('held');
    expect(await countOf(reader, poster, postId)).toBe(2);
    // Delivered as new: the post's author hears of it, and the member it names.
    expect((await notices(poster))[0]).toMatchObject({ kind: 'comment', payload: { comment_id: heldId } });
    expect((await notices(reader))[0]).toMatchObject({ kind: 'mention', payload: { comment_id: heldId } });
    expect(await heldComment(heldId)).toBeUndefined();
    expect((await decide('release', heldId)).statusCode).toBe(404);
  });

  it('removed from the queue, leave their author too, who is told and may appeal; accepted, they come back', async () => {
    await holdGiveaways();
    const [poster, writer, reader] = (await t.members(3)) as [Member, Member, Member];
    const postId = await t.post(poster, 'a thread');
    const heldId = (await commentAs(writer, postId, 'giveaway at shop.example')).json().comment.id;
    const writerLive = await t.socket(writer);

    const gone = writerLive.next('comment:deleted', (e) => e.comment_id === heldId);
    expect((await decide('remove', heldId, { note: 'Adverts go elsewhere' })).statusCode).toBe(200);
    expect(await gone).toMatchObject({ post_id: postId, comments_count: 0 });
    expect(await threadOf(writer, postId)).toEqual([]);
    expect(await heldComment(heldId)).toBeUndefined();
    const told = (await notices(writer))[0];
    expect(told).toMatchObject({ kind: 'content_removed', payload: { target_kind: 'comment', reason: 'Adverts go elsewhere' } });

    const admin = await theAdmin();
    const appeal = await t.as(writer).post('/api/appeals', { action_id: told.payload.action_id, text: 'It is my shop' });
    expect(appeal.statusCode).toBe(201);
    const queued = (await t.as(admin).get('/api/admin/appeals')).json().appeals.find((a: any) => a.id === appeal.json().id);
    expect(queued).toMatchObject({
      content: { kind: 'comment', post_id: postId, text: 'giveaway at shop.example', post_text: 'a thread' },
    });
    const readerLive = await t.socket(reader);
    const back = readerLive.next('comment:new', (e) => e.comment.id === heldId);
    expect((await t.as(admin).post(`/api/admin/appeals/${appeal.json().id}/decide`, { accept: true })).statusCode).toBe(200);
    expect(await back).toMatchObject({ comments_count: 1 });
    expect((await threadOf(reader, postId)).map((c) => c.id)).toEqual([heldId]);
    expect((await notices(poster))[0]).toMatchObject({ kind: 'comment', payload: { comment_id: heldId } });
  });
});

describe('a reported comment the moderators remove', () => {
  it('is kept out of sight, its author’s too, and an accepted appeal brings the same comment back', async () => {
    await setFilters([]);
    const [poster, writer, reporter] = (await t.members(3)) as [Member, Member, Member];
    const postId = await t.post(poster, 'a thread');
    const commentId = (await commentAs(writer, postId, 'a sharp remark')).json().comment.id;
    const resolution = { action: 'remove_content', note: 'Be kind' };
    const report = { target: { kind: 'comment', id: commentId }, reason: 'Rude' };
    expect((await reportResolved(t, reporter, await theAdmin(), report, resolution)).statusCode).toBe(200);
    expect(await threadOf(writer, postId)).toEqual([]);
    expect(await countOf(reporter, poster, postId)).toBe(0);

    const told = (await notices(writer)).find((n) => n.kind === 'content_removed');
    const appeal = (await t.as(writer).post('/api/appeals', { action_id: told.payload.action_id, text: 'It was a joke' })).json();
    expect((await t.as(await theAdmin()).post(`/api/admin/appeals/${appeal.id}/decide`, { accept: true })).statusCode).toBe(200);
    expect((await threadOf(reporter, postId)).map((c) => c.id)).toEqual([commentId]);
    expect(await countOf(reporter, poster, postId)).toBe(1);
  });
});
