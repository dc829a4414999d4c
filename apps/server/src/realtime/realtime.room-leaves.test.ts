import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/harness.ts';
import { createGroup, groupUrl, sendToGroup } from '../modules/chat/chat-groups.test-support.ts';

const t = useTestApp({}, { listen: true });

/**
 * A connect looks up its member's groups and communities, joins their rooms, and looks again only when some socket was
 * taken out of a room in between (realtime/io.ts, roomLeaves): a removal that slipped between the lookup and the join.
 * That is safe only if the count moves with every removal and cheap only if it stays still while members come and go.
 */
describe('the count of room leaves a connect relies on', () => {
  it('stays still while members connect and disconnect, and moves when a connected member is removed from a group', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const count = () => t.app.ctx.realtime.roomLeaves();

    const before = count();
    const sockets = await Promise.all([ada, ben, cy, ben].map((member) => t.socket(member)));
    await sendToGroup(t, ada, group.id, 'all here');
    await Promise.all(sockets.map((socket) => socket.next('group:message:new', (m: { text: string }) => m.text === 'all here')));
    sockets[3]!.socket.disconnect();
    await sendToGroup(t, ada, group.id, 'one tab fewer');
    await sockets[1]!.next('group:message:new', (m: { text: string }) => m.text === 'one tab fewer');
    expect(count()).toBe(before);

    expect((await t.as(ada).delete(groupUrl(group.id, `/members/${ben.id}`))).statusCode).toBe(204);
    await sockets[1]!.next('group:removed');
    expect(count()).toBeGreaterThan(before);
  });
});
