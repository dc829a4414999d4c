import { expect, type APIRequestContext } from '@playwright/test';
import type { Member } from './members.ts';

/** A group chat made through the API, for journeys about what happens in one (a group holds two or more besides its owner). */
export async function createGroup(request: APIRequestContext, owner: Member, name: string, members: Member[]): Promise<{ id: number }> {
  const res = await request.post('/api/chat/groups', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name, member_ids: members.map((m) => m.id) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}
