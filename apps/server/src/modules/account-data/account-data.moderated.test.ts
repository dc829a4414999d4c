import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { moderatedMessages } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { mediaCookie } from '../../../test/support/media.ts';

// The admin is whoever registers the address ADMIN_EMAILS names (the first test that asks).
const email = `boss.${crypto.randomBytes(4).toString('hex')}@example.test`;
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
let admin: Promise<Member> | undefined;
const theAdmin = () => (admin ??= t.member({ email }));

type MessageJson = { id: number; text: string; deleted: boolean; removed?: boolean; media_url: string | null };
type Exported = { id: number; text: string | null; file_name: string | null; deleted: boolean; moderation: string | null };

const picture = (colour: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .png()
    .toBuffer();
/** Where a chat file's link is kept on disk (lib/storage.ts keeps chat files apart from public pictures). */
const onDisk = (url: string) => fs.existsSync(path.join(t.app.ctx.media.privateRoot, path.basename(url)));
const setFilters = async (entries: unknown[]) =>
  expect((await t.as(await theAdmin()).put('/api/admin/filters', { entries })).statusCode).toBe(200);

async function sendPhoto(from: Member, to: Member, text: string, colour: string) {
  const res = await t
    .as(from)
    .multipart('/api/chat/send', { peer_id: String(to.id), text }, [
      { field: 'file', filename: `${colour.slice(1)}.png`, contentType: 'image/png', data: await picture(colour) },
    ]);
  expect(res.statusCode).toBe(201);
  return res.json().message as MessageJson & { held?: boolean };
}

afterAll(() => setFilters([]));

describe("a member's messages that moderation kept", () => {
  it('are in their export, marked; erasing the account removes them and their files', async () => {
    const [author, receiver] = (await t.members(2)) as [Member, Member];
    const removed = await sendPhoto(author, receiver, 'the map', '#16a34a');
    const { cookie } = await mediaCookie(t, receiver.auth);
    const report = await t.as(receiver).post('/api/reports', { reason: 'Harassment', target: { kind: 'message', id: removed.id } });
    expect(report.statusCode).toBe(201);
    const resolved = await t
      .as(await theAdmin())
      .post(`/api/admin/reports/${report.json().id}/resolve`, { action: 'remove_content', note: 'Harassment' });
    expect(resolved.statusCode).toBe(200);
    await setFilters([{ pattern: 'giveaway', kind: 'word', action: 'hold' }]);
    const held = await sendPhoto(author, receiver, 'Big giveaway', '#aa3355');
    expect(held.held).toBe(true);
    // Taken down, the file is served to no one but stays on disk for an appeal; the held one waits in the queue.
    expect((await t.app.inject({ method: 'GET', url: removed.media_url!, headers: { cookie } })).statusCode).toBe(404);
    expect(onDisk(removed.media_url!)).toBe(true);
    expect(onDisk(held.media_url!)).toBe(true);
    const queue = async () =>
      ((await t.as(await theAdmin()).get('/api/admin/held')).json().items as Array<{ kind: string; id: number }>).filter(
        (i) => i.kind === 'message',
      );
    expect((await queue()).map((i) => i.id)).toEqual([held.id]);

    // 'Download my data': both are the member's own, marked for what moderation did.
    const exported = (await t.as(author).get('/api/account/export')).json().messages_sent as Exported[];
    expect(exported.find((m) => m.id === removed.id)).toMatchObject({
      text: 'the map',
      file_name: '16a34a.png',
      deleted: false,
      moderation: 'removed',
    });
    expect(exported.find((m) => m.id === held.id)).toMatchObject({ text: 'Big giveaway', moderation: 'held' });
    // The author appeals the removal: their own words, in the staff's queue.
    const told = (await t.as(author).get('/api/notifications'))
      .json()
      .notifications.find((n: { kind: string }) => n.kind === 'content_removed');
    expect((await t.as(author).post('/api/appeals', { action_id: told.payload.action_id, text: 'It was our own map' })).statusCode).toBe(
      201,
    );
    const appeals = async () =>
      ((await t.as(await theAdmin()).get('/api/admin/appeals')).json().appeals as Array<{ user: { id: number } | null }>).filter(
        (a) => a.user?.id === author.id,
      );
    expect(await appeals()).toHaveLength(1);

    expect((await t.as(author).delete('/api/account', { password: author.password })).statusCode).toBe(204);
    // Their appeal went with them: nothing is left for staff to decide.
    expect(await appeals()).toEqual([]);

    expect(onDisk(removed.media_url!)).toBe(false);
    expect(onDisk(held.media_url!)).toBe(false);
    expect(await t.db.select().from(moderatedMessages).where(eq(moderatedMessages.authorId, author.id))).toEqual([]);
    // Nothing is left for staff to release; the receiver keeps the removed one, emptied, and never sees the held one.
    expect(await queue()).toEqual([]);
    const history = (await t.as(receiver).get(`/api/chat/messages?peer_id=${author.id}&limit=50`)).json() as MessageJson[];
    expect(history.map((m) => m.id)).toEqual([removed.id]);
    expect(history[0]).toMatchObject({ deleted: true, text: '', media_url: null });
  });

  it("of others, in a community the erasure deletes: in the author's export, and their kept files go with it", async () => {
    const [owner, bob] = (await t.members(2)) as [Member, Member];
    const made = await t.as(owner).post('/api/communities', { name: `Club ${crypto.randomBytes(3).toString('hex')}` });
    expect(made.statusCode).toBe(201);
    const club = made.json() as { id: number };
    expect((await t.as(bob).post(`/api/communities/${club.id}/join`)).statusCode).toBe(200);
    const sent = await t
      .as(bob)
      .multipart(`/api/communities/${club.id}/send`, { text: 'look' }, [
        { field: 'file', filename: 'p.png', contentType: 'image/png', data: await picture('#3355aa') },
      ]);
    expect(sent.statusCode).toBe(201);
    const message = sent.json().message as MessageJson;
    const report = await t.as(owner).post('/api/reports', { reason: 'Spam', target: { kind: 'message', id: message.id } });
    expect(report.statusCode).toBe(201);
    const resolve = { action: 'remove_content', note: 'Spam' };
    expect((await t.as(await theAdmin()).post(`/api/admin/reports/${report.json().id}/resolve`, resolve)).statusCode).toBe(200);
    const bobsExport = (await t.as(bob).get('/api/account/export')).json().communities.messages as Exported[];
    expect(bobsExport).toEqual([expect.objectContaining({ id: message.id, text: 'look', file_name: 'p.png', moderation: 'removed' })]);
    expect((await t.as(bob).post(`/api/communities/${club.id}/leave`)).statusCode).toBe(200);
    expect(onDisk(message.media_url!)).toBe(true);

    // The owner, alone in it, erases their account: the community is deleted, and so is the file kept for Bob's appeal.
    expect((await t.as(owner).delete('/api/account', { password: owner.password })).statusCode).toBe(204);
    expect((await t.as(bob).get(`/api/communities/${club.id}`)).statusCode).toBe(404);
    expect(onDisk(message.media_url!)).toBe(false);
  });
});
