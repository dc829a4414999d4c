import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createGroup, groupUrl, historyOf, lines, roles, sendToGroup } from './chat-groups.test-support.ts';

// Group chats' part of 'Download my data' and of deleting an account.
const t = useTestApp();

const picture = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
const exportOf = async (m: Member) => {
  const res = await t.as(m).get('/api/account/export');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const leave = async (m: Member, groupId: number) =>
  expect((await t.as(m).delete(groupUrl(groupId, `/members/${m.id}`))).statusCode).toBe(204);

describe("groups in a member's data", () => {
  it('the export lists the groups they are and were in, and the messages they sent there, not the lines about them', async () => {
    const [ada, ben, cy] = await t.members(3);
    const trip = await createGroup(t, ada, [ben, cy], 'Weekend trip');
    const book = await createGroup(t, ben, [ada, cy], 'Book club');
    await sendToGroup(t, ada, trip.id, 'tents are packed');
    const regret = await sendToGroup(t, ada, trip.id, 'never mind');
    expect((await t.as(ada).delete(groupUrl(trip.id, `/messages/${regret.id}`))).statusCode).toBe(200);
    const photo = await t
      .as(ada)
      .multipart(groupUrl(book.id, '/send'), { text: 'the cover' }, [
        { field: 'file', filename: 'cover.png', contentType: 'image/png', data: await picture() },
      ]);
    expect(photo.statusCode).toBe(201);
    await sendToGroup(t, ben, book.id, 'not mine to export');
    await leave(ada, book.id);

    const { groups } = await exportOf(ada);
    expect(groups.memberships).toEqual([
      { group_id: trip.id, group_name: 'Weekend trip', role: 'admin', state: 'member', joined_at: expect.any(String), left_at: null },
      {
        group_id: book.id,
        group_name: 'Book club',
        role: 'member',
        state: 'left',
        joined_at: expect.any(String),
        left_at: expect.any(String),
      },
    ]);
    expect(groups.messages).toEqual([
      expect.objectContaining({ group_id: trip.id, text: 'tents are packed', media_url: null, deleted: false, moderation: null }),
      expect.objectContaining({ group_id: trip.id, id: regret.id, text: null, deleted: true }),
      expect.objectContaining({
        group_id: book.id,
        text: 'the cover',
        file_name: 'cover.png',
        media_url: expect.stringMatching(new RegExp(`/group/${photo.json().message.id}/`)),
      }),
    ]);
    // Ben's export has his own message and none of Ada's.
    expect((await exportOf(ben)).groups.messages.map((m: { text: string }) => m.text)).toEqual(['not mine to export']);
  });

  it('deleting the account leaves every group: admin passes on, the others see them go, and a group left empty goes', async () => {
    const [ada, ben, cy] = await t.members(3);
    const trip = await createGroup(t, ada, [ben, cy]);
    await sendToGroup(t, ada, trip.id, 'see you there');
    // A group of Ada's that everyone else has left: hers alone, with a picture.
    const quiet = await createGroup(t, ada, [ben, cy], 'Quiet one');
    const withPicture = await t
      .as(ada)
      .multipart(
        groupUrl(quiet.id),
        {},
        [{ field: 'avatar', filename: 'g.png', contentType: 'image/png', data: await picture() }],
        'PATCH',
      );
    expect(withPicture.statusCode).toBe(200);
    const avatar = path.join(t.app.ctx.media.root, path.basename(withPicture.json().avatar as string));
    expect(fs.existsSync(avatar)).toBe(true);
    await leave(ben, quiet.id);
    await leave(cy, quiet.id);

    expect((await t.as(ada).delete('/api/account', { password: ada.password })).statusCode).toBe(204);

    const after = (await t.as(ben).get(groupUrl(trip.id))).json();
    const [heir, other] = ben.id < cy.id ? [ben, cy] : [cy, ben];
    expect(roles(after)).toEqual({ [heir.id]: 'admin', [other.id]: 'member' });
    expect((await t.as(heir).patch(groupUrl(trip.id), { name: 'Ours now' })).statusCode).toBe(200);
    // What Ada said stays, from 'Deleted member'; the group says she left.
    const history = await historyOf(t, cy, trip.id);
    expect(lines(history)).toEqual(['#created', 'see you there', '#left', '#renamed']);
    expect(history[1]!.sender).toMatchObject({ id: ada.id, name: 'Deleted member' });

    expect(await t.db.select().from(conversations).where(eq(conversations.id, quiet.id))).toEqual([]);
    expect(fs.existsSync(avatar)).toBe(false);
  });
});
