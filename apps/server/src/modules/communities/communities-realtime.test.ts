import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRealtime, type Realtime } from '../../realtime/io.ts';
import { PresenceSight } from '../chat/chat.module.ts';
import { CommunityRealtime, chatRoom, communityRoom } from './communities-realtime.ts';

const ANN = 1;
const BOB = 2;
const COMMUNITY = 7;
const OTHER = 8;

let opened: { realtime: Realtime; server: http.Server; clients: Socket[] } | null = null;
afterEach(async () => {
  vi.useRealTimers();
  if (!opened) return;
  for (const client of opened.clients) client.close();
  await opened.realtime.close();
  opened.server.close();
  opened = null;
});

/** The app's socket server, where a token is the member's id; each client records the counts it is told. */
async function serverWithMembers() {
  const server = http.createServer();
  const realtime = createRealtime(server, {
    authenticate: async (token) => ({ userId: Number(token), sessionId: Number(token), sessionEndsAt: Date.now() + 60_000 }),
  });
  opened = { realtime, server, clients: [] };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/chat`;
  const connect = async (userId: number) => {
    const socket = connectClient(url, { path: '/socket.io', transports: ['websocket'], auth: { token: String(userId) } });
    opened!.clients.push(socket);
    const views: Array<{ community_id: number; online_count: number }> = [];
    socket.on('community:online', (view: { community_id: number; online_count: number }) => views.push(view));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    /** The counts this tab was told for one community, in order. */
    const counts = (communityId = COMMUNITY) => views.filter((v) => v.community_id === communityId).map((v) => v.online_count);
    return { socket, counts, server: realtime.chat.sockets.get(socket.id!)! };
  };
  return { realtime, connect };
}

describe('the count of members chatting', () => {
  it('never leaves a new tab with a count read before a later change, and keeps no other community waiting', async () => {
    const { realtime, connect } = await serverWithMembers();
    const ann = await connect(ANN);
    const bob = await connect(BOB);
    // The first recount's read of who may see whom waits until the test lets it go; every later one answers at once.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRead!: () => void;
    const firstRead = new Promise<void>((resolve) => (heldRead = resolve));
    let reads = 0;
    const presence = {
      among: async () => {
        if (reads++ === 0) {
          heldRead();
          await held;
        }
        return new PresenceSight(new Map());
      },
      visibleAmong: async (_viewer: number, ids: number[]) => new Set(ids),
    };
    const findUsers = async (ids: number[]) =>
      ids.map((id) => ({ id, fullName: `Member ${id}`, username: `member${id}`, profilePicture: null, deletedAt: null }));
    const counting = new CommunityRealtime(realtime.chat, findUsers, presence, (error) => {
      throw error;
    });

    // Ann has the chat open; Bob's new tab joins the community's room and is owed its first view.
    await ann.server.join([communityRoom(COMMUNITY), chatRoom(COMMUNITY)]);
    await bob.server.join(communityRoom(COMMUNITY));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    counting.greet([COMMUNITY], bob.socket.id!);
    await vi.advanceTimersByTimeAsync(50);
    // That first view has read the room (Ann alone) and waits on the database, when Bob opens the chat too.
    await firstRead;
    await bob.server.join(chatRoom(COMMUNITY));
    counting.changed([COMMUNITY], BOB, bob.socket.id!);
    await vi.advanceTimersByTimeAsync(50);
    // Every step a recount takes without the database is done within a turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    // Meanwhile Ann opens another community's chat: its count is told without waiting for the first one's.
    await ann.server.join([communityRoom(OTHER), chatRoom(OTHER)]);
    counting.changed([OTHER], ANN, ann.socket.id!);
    await vi.waitFor(() => expect(ann.counts(OTHER)).toEqual([1]));
    expect(bob.counts()).toEqual([]);
    release();

    await vi.waitFor(() => expect(ann.counts()).toContain(2));
    await vi.waitFor(() => expect(bob.counts()).toHaveLength(2));
    // Bob's tab shows what it was told last: both of them chatting.
    expect(bob.counts()).toEqual([1, 2]);
    counting.stop();
  });
});
