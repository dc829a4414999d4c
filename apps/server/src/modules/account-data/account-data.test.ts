import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { profileFields } from '../../../test/support/factories.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp({}, { listen: true });

const image = (colour: string) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
/** Where a /media URL is kept on disk. */
// Chat files are kept apart from public pictures (lib/storage.ts).
const fileOf = (url: string) =>
  path.join(url.startsWith('/media/private/') ? t.app.ctx.media.privateRoot : t.app.ctx.media.root, path.basename(url));

async function post(m: Member, text: string) {
  const res = await t
    .as(m)
    .multipart('/api/posts/create', { post: text }, [
      { field: 'images', filename: 'p.jpg', contentType: 'image/jpeg', data: await image('#336699') },
    ]);
  expect(res.statusCode).toBe(201);
  return res.json();
}

const send = async (from: Member, to: Member, text: string) => {
  const res = await t.as(from).post('/api/chat/send', { peer_id: to.id, text });
  expect(res.statusCode).toBe(201);
  return res.json().message;
};

async function sendPhoto(from: Member, to: Member) {
  const res = await t
    .as(from)
    .multipart('/api/chat/send', { peer_id: String(to.id) }, [
      { field: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: await image('#aa3355') },
    ]);
  expect(res.statusCode).toBe(201);
  return res.json().message;
}

async function setPicture(m: Member) {
  const res = await t
    .as(m)
    .multipart(
      '/api/auth/complete-profile',
      profileFields(m.username!),
      [{ field: 'profile_picture', filename: 'me.jpg', contentType: 'image/jpeg', data: await image('#22aa55') }],
      'PATCH',
    );
  expect(res.statusCode).toBe(200);
  return res.json().profile_picture as string;
}

describe('download my data', () => {
  it('holds the profile, posts, comments and messages sent, and no secret', async () => {
    const [ann, bob] = await t.members(2);
    const mine = await post(ann!, 'my first #post');
    const theirs = await post(bob!, 'bob writes');
    expect((await t.as(ann!).post(`/api/posts/${theirs.post_id}/comments`, { text: 'nice one' })).statusCode).toBe(201);
    await send(ann!, bob!, 'hello bob');
    await send(bob!, ann!, 'hi ann, this is not mine');

    const res = await t.as(ann!).get('/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tribeverse-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: ann!.id, email: ann!.email, username: ann!.username });
    expect(data.posts).toEqual([expect.objectContaining({ id: mine.post_id, text: 'my first #post', images: mine.images })]);
    expect(data.comments).toEqual([expect.objectContaining({ post_id: theirs.post_id, text: 'nice one' })]);
    expect(data.messages_sent.map((m: { text: string }) => m.text)).toEqual(['hello bob']);
    expect(data.messages_sent[0].to_user_id).toBe(bob!.id);
    expect(res.body).not.toMatch(/argon2|password_hash|token_hash/i);
    expect(res.body).not.toContain(ann!.token);
    expect((await t.as(null).get('/api/account/export')).statusCode).toBe(401);
  });
});

describe('deleting the account', () => {
  it('needs the password', async () => {
    const m = await t.member();
    const wrong = await t.as(m).delete('/api/account', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    expect((await t.as(m).delete('/api/account', {})).statusCode).toBe(400);
    expect((await t.as(m).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('asks a Google/Apple-only account for a fresh sign-in instead of a password', async () => {
    const m = await t.member();
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, m.id));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, m.id));
    await t.noticed();
    const stale = await t.as(m).delete('/api/account', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED', msg: expect.stringMatching(/Sign in again with Google or Apple/) });

    await t.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, m.id));
    await t.noticed();
    expect((await t.as(m).delete('/api/account', {})).statusCode).toBe(204);
    expect((await t.as(m).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('ends sessions and sockets, removes files; sign-in fails; messages stay, from "Deleted member"', async () => {
    const [ann, bob] = await t.members(2);
    const picture = await setPicture(ann!);
    const annPost = await post(ann!, 'soon gone');
    const bobPost = await post(bob!, 'liked by ann');
    expect((await t.as(ann!).post(`/api/posts/${bobPost.post_id}/like`)).statusCode).toBe(200);
    const bobNotifications = async () => JSON.stringify((await t.as(bob!).get('/api/notifications')).json());
    expect(await bobNotifications()).toContain(`"actor_id":${ann!.id}`);
    await send(ann!, bob!, 'remember me');
    const photo = await sendPhoto(ann!, bob!);
    const files = [picture, ...annPost.images, ...annPost.thumbnails, photo.media_url];
    for (const f of files) expect(fs.existsSync(fileOf(f))).toBe(true);
    const annSocket = await t.socket(ann!);
    const socketClosed = new Promise<string>((resolve) => annSocket.socket.once('disconnect', resolve));

    const res = await t.as(ann!).delete('/api/account', { password: ann!.password });
    expect(res.statusCode).toBe(204);

    expect(await socketClosed).toBe('io server disconnect');
    expect((await t.as(ann!).get('/api/auth/me')).statusCode).toBe(401);
    const login = await t.as(null).post('/api/auth/login', { email: ann!.email, password: ann!.password });
    expect(login.statusCode).toBe(401);
    for (const f of files) {
      expect(fs.existsSync(fileOf(f))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: f })).statusCode).toBe(404);
    }

    // Bob keeps the conversation, from a nameless 'Deleted member' he can no longer write to.
    const history = (await t.as(bob!).get(`/api/chat/messages?peer_id=${ann!.id}`)).json();
    const messages = Array.isArray(history) ? history : history.messages;
    expect(messages.map((m: { text: string }) => m.text)).toContain('remember me');
    expect(messages.find((m: { id: number }) => m.id === photo.id).media_url).toBeNull();
    const peer = (await t.as(bob!).get(`/api/chat/peers/${ann!.id}`)).json();
    expect(peer).toMatchObject({
      peer: { id: ann!.id, name: 'Deleted member', username: null, avatar: null, online: false, last_seen: null },
      can_message: false,
    });
    expect((await t.as(bob!).post('/api/chat/send', { peer_id: ann!.id, text: 'are you there?' })).statusCode).toBe(404);

    // Gone from lists: the people one can message, and the feed.
    const carol = await t.member();
    const people = (await t.as(carol).get('/api/chat/users')).json().users;
    expect(people.map((u: { id: number }) => u.id)).not.toContain(ann!.id);
    const bobPeople = (await t.as(bob!).get('/api/chat/users')).json().users;
    expect(bobPeople.find((u: { id: number }) => u.id === ann!.id)).toMatchObject({ name: 'Deleted member', username: null });
    const feed = (await t.as(bob!).get('/api/posts/get-post?page=1&limit=50')).json();
    expect(feed.map((p: { post_id: number }) => p.post_id)).not.toContain(annPost.post_id);

    expect(await bobNotifications()).not.toContain(`"actor_id":${ann!.id}`);
    const liked = (await t.as(bob!).get('/api/posts/get-post?page=1&limit=50'))
      .json()
      .find((p: { post_id: number }) => p.post_id === bobPost.post_id);
    expect(liked.likes_count).toBe(0);

    // The address is free again.
    const again = await t.as(null).post('/api/auth/register', { email: ann!.email, password: 'Fr3sh$tart!' });
    expect(again.statusCode).toBe(201);
  });
});
