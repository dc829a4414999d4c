import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { mediaCookie } from '../../../test/support/media.ts';
import { adminEmail, adminOf, reportResolved, sendDirect } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
const theAdmin = adminOf(t, email);

type MessageJson = { id: number; text: string; deleted: boolean; removed?: boolean; media_url: string | null };
const picture = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
const fetchAs = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** The member reports the message, staff remove it; the author appeals and staff accept: the appeal's decision. */
async function removedThenAppealed(reporter: Member, author: Member, messageId: number, whileRemoved: () => Promise<void>) {
  const resolution = { action: 'remove_content', note: 'Harassment' };
  const resolved = await reportResolved(
    t,
    reporter,
    await theAdmin(),
    { reason: 'Harassment', target: { kind: 'message', id: messageId } },
    resolution,
  );
  expect(resolved.statusCode).toBe(200);
  await whileRemoved();
  const told = (await t.as(author).get('/api/notifications')).json().notifications[0];
  expect(told).toMatchObject({ kind: 'content_removed', payload: { target_kind: 'message' } });
  const appeal = await t.as(author).post('/api/appeals', { action_id: told.payload.action_id, text: 'Taken out of context' });
  expect(appeal.statusCode).toBe(201);
  return t.as(await theAdmin()).post(`/api/admin/appeals/${appeal.json().id}/decide`, { accept: true });
}

describe('a reported message staff removed', () => {
  it('in a group, with its file: shown as removed to everyone, file and all back after an accepted appeal', async () => {
    const [author, reporter] = (await t.members(2)) as [Member, Member];
    const group = (
      await t.as(author).post('/api/chat/groups', { name: 'Pair plus', member_ids: [reporter.id, (await t.members(1))[0]!.id] })
    ).json();
    const sent = await t
      .as(author)
      .multipart(`/api/chat/groups/${group.id}/send`, { text: 'the map' }, [
        { field: 'file', filename: 'map.png', contentType: 'image/png', data: await picture() },
      ]);
    expect(sent.statusCode).toBe(201);
    const message = sent.json().message as MessageJson;
    const { cookie } = await mediaCookie(t, reporter.auth);
    const live = await t.socket(reporter);
    const find = async () =>
      ((await t.as(reporter).get(`/api/chat/groups/${group.id}/messages`)).json() as MessageJson[]).find((m) => m.id === message.id);

    const decided = await removedThenAppealed(reporter, author, message.id, async () => {
      await live.next('group:message:deleted', (m) => m.id === message.id);
      expect(await find()).toMatchObject({ deleted: true, removed: true, text: '', media_url: null });
      expect((await fetchAs(message.media_url!, cookie)).statusCode).toBe(404);
      const searched = (await t.as(reporter).get('/api/search?q=map')).json().results as unknown[];
      expect(searched).toEqual([]);
    });
    expect(decided.statusCode).toBe(200);

    const back = await live.next('group:message:updated', (m) => m.id === message.id);
    expect(back).toMatchObject({ text: 'the map', deleted: false, removed: false, media_url: message.media_url });
    expect(await find()).toMatchObject({ text: 'the map', deleted: false, removed: false });
    expect((await fetchAs(message.media_url!, cookie)).statusCode).toBe(200);
  });

  it('in a direct chat: the message comes back for both people', async () => {
    const [author, reporter] = (await t.members(2)) as [Member, Member];
    const id = await sendDirect(t, author, reporter, 'a sharp remark');
    const live = await t.socket(author);
    const history = async (reader: Member, peer: Member) =>
      ((await t.as(reader).get(`/api/chat/messages?peer_id=${peer.id}&limit=50`)).json() as MessageJson[]).find((m) => m.id === id);

    const decided = await removedThenAppealed(reporter, author, id, async () => {
      await live.next('message:deleted', (m) => m.id === id);
      expect(await history(reporter, author)).toMatchObject({ deleted: true, text: '' });
    });
    expect(decided.statusCode).toBe(200);
    expect(await live.next('message:updated', (m) => m.id === id)).toMatchObject({ text: 'a sharp remark', deleted: false });
    for (const [reader, peer] of [
      [reporter, author],
      [author, reporter],
    ] as const)
      expect(await history(reader, peer)).toMatchObject({ text: 'a sharp remark', deleted: false });
  });
});
