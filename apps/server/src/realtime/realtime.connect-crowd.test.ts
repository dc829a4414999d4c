import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/harness.ts';
import { createGroup, sendToGroup } from '../modules/chat/chat-groups.test-support.ts';
import { createCommunity, inRoom, joinCommunity } from '../modules/communities/communities.test-support.ts';

const t = useTestApp({}, { listen: true });

describe('a crowd connecting at once', () => {
  // Their session, group and community lookups are answered together (one statement for many members): each socket
  // must still end up with its own member's identity and rooms, and nobody else's.
  it('puts every socket in its own member rooms, and no one else', async () => {
    const people = await t.members(10);
    const [left, right] = [people.slice(0, 5), people.slice(5)];
    const leftGroup = await createGroup(t, left[0]!, left.slice(1), 'Left');
    const rightGroup = await createGroup(t, right[0]!, right.slice(1), 'Right');
    const club = await createCommunity(t, left[0]!);
    for (const member of left.slice(1)) await joinCommunity(t, club.id, member);

    const sockets = await Promise.all(people.map((member) => t.socket(member)));
    await Promise.all(sockets.slice(0, 5).map((socket) => inRoom(socket, club.id)));
    await sendToGroup(t, left[0]!, leftGroup.id, 'to the left');
    await sendToGroup(t, right[0]!, rightGroup.id, 'to the right');
    await Promise.all(
      sockets.map((socket, i) =>
        socket.next('group:message:new', (m: { text: string }) => m.text === (i < 5 ? 'to the left' : 'to the right')),
      ),
    );

    const heard = sockets.map((socket) => socket.events.filter((e) => e.name === 'group:message:new').map((e) => e.payload.text));
    expect(heard).toEqual([...left.map(() => ['to the left']), ...right.map(() => ['to the right'])]);
    const greeted = sockets.map((socket) => socket.events.some((e) => e.name === 'community:online' && e.payload.community_id === club.id));
    expect(greeted).toEqual([...left.map(() => true), ...right.map(() => false)]);
  });
});
