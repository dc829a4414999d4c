import type { Poll } from '@tribeverse/shared';
import type { Member, RequestClient } from '../../../test/support/harness.ts';

/** What poll tests share: a group or a community made through the API, and a poll in it. */
export interface Harness {
  as(member: Member | null): RequestClient;
}

export async function createGroup(t: Harness, creator: Member, others: Member[]): Promise<number> {
  const res = await t.as(creator).post('/api/chat/groups', { name: 'Pollers', member_ids: others.map((o) => o.id) });
  if (res.statusCode !== 201) throw new Error(`create group failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** A public community with these members in it, and its first channel's id. */
export async function createCommunity(t: Harness, owner: Member, members: Member[]): Promise<{ id: number; channelId: number }> {
  const res = await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}` });
  if (res.statusCode !== 201) throw new Error(`create community failed: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  for (const m of members) {
    const joined = await t.as(m).post(`/api/communities/${id}/join`);
    if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  }
  const sent = await t.as(owner).post(`/api/communities/${id}/send`, { text: 'welcome' });
  return { id, channelId: sent.json().channel_id ?? sent.json().message?.channel_id };
}

export const pollBody = (target: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  target,
  question: 'Where do we meet?',
  options: ['Park', 'Cafe', 'Library'],
  ...extra,
});

export async function createPoll(t: Harness, who: Member, body: Record<string, unknown>): Promise<Poll> {
  const res = await t.as(who).post('/api/polls', body);
  if (res.statusCode !== 201) throw new Error(`create poll failed: ${res.statusCode} ${res.body}`);
  return res.json().poll;
}

export const vote = (t: Harness, who: Member, poll: { id: number }, optionIds: number[]) =>
  t.as(who).put(`/api/polls/${poll.id}/vote`, { option_ids: optionIds });
