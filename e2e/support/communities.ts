import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { registerMember, signedInContext, type Member } from './members.ts';

/** Communities made through the API, for journeys that are about something else than creating one. */
export async function createCommunity(
  request: APIRequestContext,
  owner: Member,
  data: { name: string; visibility?: 'public' | 'private'; description?: string },
): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/communities', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { description: '', ...data },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

export async function joinCommunity(request: APIRequestContext, member: Member, id: number) {
  const res = await request.post(`/api/communities/${id}/join`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(res.ok()).toBe(true);
}

export async function sendToCommunity(request: APIRequestContext, member: Member, id: number, text: string) {
  const res = await request.post(`/api/communities/${id}/send`, { headers: { authorization: `Bearer ${member.token}` }, data: { text } });
  expect(res.status()).toBe(201);
}

export async function communityMessages(request: APIRequestContext, member: Member, id: number): Promise<{ text: string }[]> {
  const res = await request.get(`/api/communities/${id}/messages`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { text: string }[];
}

/** Ann owns a private community (`name` made unique); Bob, not in it, has its page open in his own browser. */
export async function privateCommunityAndOutsider(browser: Browser, request: APIRequestContext, name: string, description: string) {
  const ann = await registerMember(request, 'Ann');
  const bob = await registerMember(request, 'Bob');
  const community = await createCommunity(request, ann, { name: `${name} ${Date.now().toString(36)}`, visibility: 'private', description });
  const b = await signedInContext(browser, bob);
  await b.page.goto(`/communities/${community.id}`);
  return { ann, bob, community, b };
}
