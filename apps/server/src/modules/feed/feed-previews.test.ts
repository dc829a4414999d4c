import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ socket: { disconnect(): void } }> = [];
afterEach(() => open.splice(0).forEach((s) => s.socket.disconnect()));

type Preview = { kind: string; preview: string | null };
const notificationsOf = async (m: Member) => (await t.as(m).get('/api/notifications')).json().notifications as Preview[];
async function post(m: Member, fields: Record<string, string>) {
  const res = await t.as(m).multipart('/api/posts/create', fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post_id as number;
}

describe('notification previews', () => {
  it('say which post or comment, as it reads now, one line, never past a content warning', async () => {
    const [author, fan] = await t.members(2);
    const long = `Sunrise over the harbour\nthis morning, ${'and the gulls were loud '.repeat(8)}`;
    const plain = await post(author, { post: long });
    const warned = await post(author, { post: 'The ending of the film, in detail', content_warning: 'Film spoilers' });

    await t.as(fan).post(`/api/posts/${plain}/like`);
    await t.as(fan).post(`/api/posts/${warned}/like`);
    const comment = await t.as(fan).post(`/api/posts/${plain}/comments`, { text: 'Worth   getting up\nfor!' });
    expect(comment.statusCode).toBe(201);

    const [onComment, onWarned, onPlain] = await notificationsOf(author);
    expect(onComment).toMatchObject({ kind: 'comment', preview: 'Worth getting up for!' });
    expect(onWarned).toMatchObject({ kind: 'like', preview: 'CW: Film spoilers' });
    expect(onPlain!.kind).toBe('like');
    expect(onPlain!.preview).toMatch(/^Sunrise over the harbour this morning, and the gulls/);
    expect(onPlain!.preview).toMatch(/…$/);
    expect(onPlain!.preview!.length).toBeLessThanOrEqual(101);

    // Edited, the preview follows; deleted, it is gone.
    expect((await t.as(author).patch(`/api/posts/${warned}`, { post: 'Nothing to hide', content_warning: '' })).statusCode).toBe(200);
    expect((await notificationsOf(author))[1]!.preview).toBe('Nothing to hide');
    expect((await t.as(author).delete(`/api/posts/${plain}`)).statusCode).toBe(200);
    const after = await notificationsOf(author);
    expect(after.filter((n) => n.preview === null)).toHaveLength(2);
  });

  it('arrive live with the notification', async () => {
    const [author, fan] = await t.members(2);
    const id = await post(author, { post: 'Fresh bread today' });
    const authorSocket = await t.socket(author);
    open.push(authorSocket);
    await t.as(fan).post(`/api/posts/${id}/like`);
    expect(await authorSocket.next('notification:new')).toMatchObject({ kind: 'like', preview: 'Fresh bread today' });
  });
});
