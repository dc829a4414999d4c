import sharp from 'sharp';
import type { Member, RequestClient } from '../../../test/support/harness.ts';
import type { connectRecorder } from '../../../test/support/sockets.ts';

/** What community tests share: a community made by its owner, and shortcuts for the calls most tests make. */
export interface Harness {
  as(member: Member | null): RequestClient;
}

/** A small PNG for the tabs' pictures (threads, media posts). */
export const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

export async function createCommunity(t: Harness, owner: Member, body: Record<string, unknown> = {}) {
  const res = await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}`, ...body });
  if (res.statusCode !== 201) throw new Error(`create community failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; name: string };
}

/** Someone joins a public community (or is approved into a private one by `admin`). */
export async function joinCommunity(t: Harness, id: number, who: Member, admin?: Member) {
  const res = await t.as(who).post(`/api/communities/${id}/join`);
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
  if (res.json().status === 'requested' && admin) {
    const ok = await t.as(admin).post(`/api/communities/${id}/requests/${who.id}/approve`);
    if (ok.statusCode !== 200) throw new Error(`approve failed: ${ok.statusCode} ${ok.body}`);
  }
}

export async function send(t: Harness, id: number, who: Member, text: string, extra: Record<string, unknown> = {}) {
  return t.as(who).post(`/api/communities/${id}/send`, { text, ...extra });
}

export const texts = (res: { json(): unknown }) => (res.json() as Array<{ text: string }>).map((m) => m.text);

type Recorder = Awaited<ReturnType<typeof connectRecorder>>;

/** Waits until the socket is in the community's room: each new socket gets one community:online per community then. */
export const inRoom = (client: Recorder, communityId: number) =>
  client.next('community:online', (e: { community_id: number }) => e.community_id === communityId);

/** The harness of a file whose app listens: members and their recording sockets (closed after each test). */
export interface SocketHarness extends Harness {
  members(count: number): Promise<Member[]>;
  socket(member: Member): Promise<Recorder>;
}

/** A recording socket of the member; given a community, once the socket is in that community's rooms. */
export async function connectTo(t: SocketHarness, who: Member, communityId?: number) {
  const client = await t.socket(who);
  if (communityId) await inRoom(client, communityId);
  return client;
}

/**
 * An owner's club with one member, Ann, and an outsider with a community of their own: Ann's socket (`a`) and the
 * outsider's (`o`) are each in their community's rooms, so a test can show what reaches the club and nobody else.
 */
export async function clubAndOutsider(t: SocketHarness) {
  const [owner, ann, outsider] = (await t.members(3)) as [Member, Member, Member];
  const club = await createCommunity(t, owner);
  const theirs = await createCommunity(t, outsider);
  await joinCommunity(t, club.id, ann);
  const a = await connectTo(t, ann, club.id);
  const o = await connectTo(t, outsider, theirs.id);
  return { owner, ann, outsider, club, theirs, a, o };
}

/** Opens the community's chat on this socket (community:watch), and waits for the view that counts the member in it. */
export async function watchChat(client: Recorder, communityId: number, who: { id: number }) {
  const ack = await new Promise<{ ok: boolean; code?: string }>((resolve) =>
    client.socket.emit('community:watch', { community_id: communityId }, resolve),
  );
  if (!ack.ok) throw new Error(`community:watch refused: ${ack.code}`);
  await client.next(
    'community:online',
    (e: { community_id: number; online: Array<{ id: number }> }) => e.community_id === communityId && e.online.some((u) => u.id === who.id),
  );
}
