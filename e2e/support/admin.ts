import { expect, type APIRequestContext } from '@playwright/test';
import type { Member } from './members.ts';

/** ADMIN_EMAILS of the journeys' server (support/stack.ts): the one address that is the instance's admin. */
export const ADMIN_EMAIL = 'admin@tribeverse-e2e.example';

/** Sets the instance's content filters through the API, as the admin. */
export async function setFilters(request: APIRequestContext, admin: Pick<Member, 'token'>, entries: unknown[]) {
  const res = await request.put('/api/admin/filters', { headers: { authorization: `Bearer ${admin.token}` }, data: { entries } });
  expect(res.status()).toBe(200);
}
