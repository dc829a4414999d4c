import crypto from 'node:crypto';
import type { SearchResponse, SearchResult } from '@tribeverse/shared';
import type { Member, RequestClient } from '../../../test/support/harness.ts';

/** What search tests share: the calls that put words where a member may (or may not) read them, and the search. */
export interface Harness {
  as(member: Member | null): RequestClient;
}

/** A word no other test wrote: a test finds only what it wrote itself. */
export const uniqueWord = (prefix = 'w') => `${prefix}${crypto.randomBytes(5).toString('hex')}`;

async function ok(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status: number, what: string) {
  const done = await res;
  if (done.statusCode !== status) throw new Error(`${what} failed: ${done.statusCode} ${done.body}`);
  return done.json() as Record<string, unknown> & { id: number };
}

export { sendDirect } from '../../../test/support/direct-messages.ts';

export const createGroup = (t: Harness, creator: Member, others: Member[], name = 'Trip') =>
  ok(t.as(creator).post('/api/chat/groups', { name, member_ids: others.map((o) => o.id) }), 201, 'create group');

export async function sendToGroup(t: Harness, who: Member, groupId: number, text: string): Promise<number> {
  const body = await ok(t.as(who).post(`/api/chat/groups/${groupId}/send`, { text }), 201, 'group send');
  return (body.message as { id: number }).id;
}

export const createCommunity = (t: Harness, owner: Member, body: Record<string, unknown> = {}) =>
  ok(t.as(owner).post('/api/communities', { name: `Club ${uniqueWord('')}`, ...body }), 201, 'create community');

export async function joinCommunity(t: Harness, id: number, who: Member, admin?: Member) {
  const joined = await ok(t.as(who).post(`/api/communities/${id}/join`), 200, 'join');
  if (joined.status === 'requested' && admin)
    await ok(t.as(admin).post(`/api/communities/${id}/requests/${who.id}/approve`), 200, 'approve');
}

/** A message in the community's first channel; its id and the channel's. */
export async function sendToCommunity(t: Harness, id: number, who: Member, text: string) {
  const body = await ok(t.as(who).post(`/api/communities/${id}/send`, { text }), 201, 'community send');
  const message = body.message as { id: number; channel_id: number };
  return { id: message.id, channelId: message.channel_id };
}

/** The search as that member runs it; fails on anything but 200. */
export async function search(t: Harness, who: Member, query: Record<string, string | number>): Promise<SearchResponse> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.as(who).get(`/api/search?${params}`);
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  return res.json() as SearchResponse;
}

/** The ids of the results (messages, posts, people or communities). */
export const ids = (response: SearchResponse) => response.results.map((r: SearchResult) => r.item.id);
