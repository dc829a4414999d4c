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
