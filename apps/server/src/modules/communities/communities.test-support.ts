import type { Member, RequestClient } from '../../../test/support/harness.ts';

/** What community tests share: a community made by its owner, and shortcuts for the calls most tests make. */
export interface Harness {
  as(member: Member | null): RequestClient;
}

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
