import type { ConversationMessage, Group, GroupListItem } from '@tribeverse/shared';
import type { Member, RequestClient } from '../../../test/support/harness.ts';

/** What group chat tests share: a group made through the API, and shortcuts for the calls most tests make. */
export interface Harness {
  as(member: Member | null): RequestClient;
}

/** One member blocks another. */
export const block = (t: Harness, who: Member, whom: Member) => t.as(who).post(`/api/chat/blocks/${whom.id}`);

/** Each member's role in the group, by id. */
export const roles = (group: { members: Array<{ id: number; role: string }> }) =>
  Object.fromEntries(group.members.map((m) => [m.id, m.role]));

export const groupUrl = (id: number, rest = '') => `/api/chat/groups/${id}${rest}`;

export async function createGroup(t: Harness, creator: Member, others: Array<{ id: number }>, name = 'Weekend trip'): Promise<Group> {
  const res = await t.as(creator).post('/api/chat/groups', { name, member_ids: others.map((o) => o.id) });
  if (res.statusCode !== 201) throw new Error(`create group failed: ${res.statusCode} ${res.body}`);
  return res.json() as Group;
}

export async function sendToGroup(t: Harness, who: Member, id: number, text: string, extra: Record<string, unknown> = {}) {
  const res = await t.as(who).post(groupUrl(id, '/send'), { text, ...extra });
  if (res.statusCode !== 201) throw new Error(`group send failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { message: ConversationMessage }).message;
}

/** The group's history as this member reads it (oldest first). */
export async function historyOf(t: Harness, who: Member, id: number, query = ''): Promise<ConversationMessage[]> {
  const res = await t.as(who).get(groupUrl(id, `/messages${query}`));
  if (res.statusCode !== 200) throw new Error(`group history failed: ${res.statusCode} ${res.body}`);
  return res.json() as ConversationMessage[];
}

/** Each message as a test reads it: its text, or the system line's event (`#added`). */
export const lines = (messages: ConversationMessage[]) => messages.map((m) => (m.system ? `#${m.system.event}` : m.text));

export async function groupsOf(t: Harness, who: Member): Promise<GroupListItem[]> {
  const res = await t.as(who).get('/api/chat/groups');
  if (res.statusCode !== 200) throw new Error(`group list failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { groups: GroupListItem[] }).groups;
}
