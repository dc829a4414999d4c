import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp();

const send = async (from: Member, to: Member, text: string) => {
  const res = await t.as(from).post('/api/chat/send', { peer_id: to.id, text });
  expect(res.statusCode).toBe(201);
  return res.json().message as { id: number; text: string };
};
const texts = async (as: Member, peer: Member) =>
  (await t.as(as).get(`/api/chat/messages?peer_id=${peer.id}`)).json().map((m: { text: string }) => m.text);

describe('delete for me', () => {
  it('removes the message from the caller’s history and chat list only; the other person keeps it', async () => {
    const [ann, bob] = await t.members(2);
    await send(ann, bob, 'first');
    const mine = await send(ann, bob, 'my typo');
    const theirs = await send(bob, ann, 'their reply');

    expect((await t.as(ann).delete(`/api/chat/messages/${mine.id}/for-me`)).statusCode).toBe(204);
    // Either side's message may be removed from one's own view.
    expect((await t.as(ann).delete(`/api/chat/messages/${theirs.id}/for-me`)).statusCode).toBe(204);
    // Twice is the same as once.
    expect((await t.as(ann).delete(`/api/chat/messages/${theirs.id}/for-me`)).statusCode).toBe(204);

    expect(await texts(ann, bob)).toEqual(['first']);
    expect(await texts(bob, ann)).toEqual(['first', 'my typo', 'their reply']);

    const annList = (await t.as(ann).get('/api/chat/conversations')).json().conversations;
    expect(annList[0].last_message.text).toBe('first');
    const bobList = (await t.as(bob).get('/api/chat/conversations')).json().conversations;
    expect(bobList[0].last_message.text).toBe('their reply');
  });

  it('answers 404 for a message of another pair and 400 for a bad id, changing nothing', async () => {
    const [ann, bob, eve] = await t.members(3);
    const secret = await send(ann, bob, 'between us');
    const res = await t.as(eve).delete(`/api/chat/messages/${secret.id}/for-me`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
    expect((await t.as(eve).delete('/api/chat/messages/abc/for-me')).statusCode).toBe(400);
    expect((await t.as(null).delete(`/api/chat/messages/${secret.id}/for-me`)).statusCode).toBe(401);
    expect(await texts(ann, bob)).toEqual(['between us']);
    expect(await texts(bob, ann)).toEqual(['between us']);
  });
});
