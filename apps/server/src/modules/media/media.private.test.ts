import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { buildPost } from '../../../test/support/factories.ts';
import { createTestApp } from '../../../test/support/test-app.ts';

const t = useTestApp();

const picture = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();

/** A public community of `owner` with these members (a test of another module reaches it only through the API). */
async function community(owner: Member, members: Member[]) {
  const created = await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}` });
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as { id: number };
  for (const member of members) expect((await t.as(member).post(`/api/communities/${id}/join`)).json().status).toBe('member');
  return { id };
}

/** What the web app does once per session: its pictures and files are then sent with this cookie. */
async function mediaCookie(member: Member) {
  const res = await t.as(member).post('/api/media/access');
  expect(res.statusCode).toBe(204);
  const header = String(res.headers['set-cookie']);
  expect(header).toMatch(/HttpOnly/);
  expect(header).toMatch(/SameSite=Strict/);
  expect(header).toMatch(/Path=\/media\/private(;|$)/);
  return header.split(';')[0]!;
}

/** A browser fetching the file: only its cookie (an <img> sends no bearer token), or nothing at all. */
const fetchAs = (url: string, cookie?: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...extra } });

async function sendPicture(from: Member, to: Member) {
  const res = await t
    .as(from)
    .multipart('/api/chat/send', { peer_id: String(to.id) }, [
      { field: 'file', filename: 'private.png', contentType: 'image/png', data: await picture() },
    ]);
  expect(res.statusCode).toBe(201);
  return res.json().message as { id: number; media_url: string };
}

describe('private chat attachments', () => {
  it('are served only to the two people of the chat, never cached by anyone else', async () => {
    const [ann, bob, eve] = await t.members(3);
    const message = await sendPicture(ann, bob);
    const [annCookie, bobCookie, eveCookie] = [await mediaCookie(ann), await mediaCookie(bob), await mediaCookie(eve)];

    for (const cookie of [annCookie, bobCookie]) {
      const served = await fetchAs(message.media_url, cookie);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(String(served.headers['cache-control'])).toMatch(/^private\b/);
      expect(String(served.headers['cache-control'])).not.toMatch(/public|immutable/);
    }
    // A stranger: nobody, another member with their own cookie or their bearer token, a made-up or altered cookie.
    const forged = bobCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const res of [
      await fetchAs(message.media_url),
      await fetchAs(message.media_url, eveCookie),
      await fetchAs(message.media_url, undefined, eve.auth),
      await fetchAs(message.media_url, forged),
      await fetchAs(message.media_url, `tv_media=${ann.id}.1.9999999999.x`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
    }
    // Nor is the file anywhere under the public media path.
    expect((await fetchAs(`/media/${path.basename(message.media_url)}`)).statusCode).toBe(404);
    // Another message's id with this file's name (or this id with another name) is not a way in either.
    const other = await t.as(eve).post('/api/chat/send', { peer_id: ann.id, text: 'hi' });
    const swapped = message.media_url.replace(`/${message.id}/`, `/${other.json().message.id}/`);
    expect((await fetchAs(swapped, eveCookie)).statusCode).toBe(404);
  });

  it('are gone once deleted for everyone, and for whoever deleted them for themselves', async () => {
    const [ann, bob] = await t.members(2);
    const [annCookie, bobCookie] = [await mediaCookie(ann), await mediaCookie(bob)];
    const hidden = await sendPicture(ann, bob);
    expect((await t.as(bob).delete(`/api/chat/messages/${hidden.id}/for-me`)).statusCode).toBeLessThan(300);
    expect((await fetchAs(hidden.media_url, bobCookie)).statusCode).toBe(404);
    expect((await fetchAs(hidden.media_url, annCookie)).statusCode).toBe(200);

    const message = await sendPicture(ann, bob);
    expect((await fetchAs(message.media_url, bobCookie)).statusCode).toBe(200);
    expect((await t.as(ann).delete(`/api/chat/messages/${message.id}`)).statusCode).toBe(200);
    for (const cookie of [annCookie, bobCookie]) expect((await fetchAs(message.media_url, cookie)).statusCode).toBe(404);
  });

  it('stop opening with a cookie whose session has ended', async () => {
    const [ann, bob] = await t.members(2);
    const message = await sendPicture(ann, bob);
    const bobCookie = await mediaCookie(bob);
    expect((await fetchAs(message.media_url, bobCookie)).statusCode).toBe(200);
    expect((await t.as(bob).post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await fetchAs(message.media_url, bobCookie)).statusCode).toBe(404);
  });
});

describe('community chat attachments', () => {
  it('are served to current members only: not to outsiders, nor to members who left or were removed', async () => {
    const [owner, ann, bob, outsider] = await t.members(4);
    const club = await community(owner, [ann, bob]);
    const sent = await t
      .as(ann)
      .multipart(`/api/communities/${club.id}/send`, {}, [
        { field: 'file', filename: 'club.png', contentType: 'image/png', data: await picture() },
      ]);
    expect(sent.statusCode).toBe(201);
    const url = sent.json().message.media_url as string;
    const cookies = { owner: await mediaCookie(owner), ann: await mediaCookie(ann), bob: await mediaCookie(bob) };

    for (const cookie of Object.values(cookies)) {
      const served = await fetchAs(url, cookie);
      expect(served.statusCode).toBe(200);
      expect(String(served.headers['cache-control'])).toMatch(/^private\b/);
    }
    expect((await fetchAs(url)).statusCode).toBe(404);
    expect((await fetchAs(url, await mediaCookie(outsider))).statusCode).toBe(404);
    expect((await fetchAs(`/media/${path.basename(url)}`)).statusCode).toBe(404);

    // Removed by the owner: the link they still hold stops opening at once.
    expect((await t.as(owner).delete(`/api/communities/${club.id}/members/${bob.id}`)).statusCode).toBeLessThan(300);
    expect((await fetchAs(url, cookies.bob)).statusCode).toBe(404);
    // Left on their own: the same.
    expect((await t.as(ann).post(`/api/communities/${club.id}/leave`)).statusCode).toBeLessThan(300);
    expect((await fetchAs(url, cookies.ann)).statusCode).toBe(404);
    expect((await fetchAs(url, cookies.owner)).statusCode).toBe(200);
  });

  it('are gone once the message is deleted', async () => {
    const [owner, ann] = await t.members(2);
    const club = await community(owner, [ann]);
    const sent = await t
      .as(ann)
      .multipart(`/api/communities/${club.id}/send`, {}, [
        { field: 'file', filename: 'club.png', contentType: 'image/png', data: await picture() },
      ]);
    const message = sent.json().message as { id: number; media_url: string };
    const ownerCookie = await mediaCookie(owner);
    expect((await fetchAs(message.media_url, ownerCookie)).statusCode).toBe(200);
    expect((await t.as(ann).delete(`/api/communities/${club.id}/messages/${message.id}`)).statusCode).toBeLessThan(300);
    expect((await fetchAs(message.media_url, ownerCookie)).statusCode).toBe(404);
  });
});

describe('public pictures', () => {
  it('post pictures and avatars stay public and cached for good', async () => {
    const ann = await t.member();
    const post = await buildPost(t, ann, 'view from the top', [{ filename: 'top.png', contentType: 'image/png', data: await picture() }]);
    for (const url of [...post.images, ...post.thumbnails]) {
      const served = await fetchAs(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('chat files sent before private storage', () => {
  it('are moved out of the public folder when the app starts, and by the first fetch before that', async () => {
    const [ann, bob] = await t.members(2);
    const bobCookie = await mediaCookie(bob);
    const { root, privateRoot } = t.app.ctx.media;
    // As an older release stored them: in the public folder, where anyone with the link could fetch them.
    const asBefore = async () => {
      const message = await sendPicture(ann, bob);
      const name = path.basename(message.media_url);
      fs.renameSync(path.join(privateRoot, name), path.join(root, name));
      expect((await fetchAs(`/media/${name}`)).statusCode).toBe(200);
      return { ...message, name };
    };
    const fetched = await asBefore();
    expect((await fetchAs(fetched.media_url, bobCookie)).statusCode).toBe(200);
    expect((await fetchAs(`/media/${fetched.name}`)).statusCode).toBe(404);

    const left = await asBefore();
    const next = await createTestApp({ DATA_DIR: t.config.dataDir }, { sameDeploymentAs: t.instance });
    try {
      await expect.poll(() => fs.existsSync(path.join(root, left.name)), { timeout: 10_000 }).toBe(false);
      expect((await fetchAs(`/media/${left.name}`)).statusCode).toBe(404);
      expect((await fetchAs(left.media_url, bobCookie)).statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });
});
