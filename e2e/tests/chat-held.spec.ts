import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerAdmin, registerMember, signedInContext, type Member } from '../support/members.ts';

const HELD = 'Held for review: only you see this message until a moderator lets it through.';
const setFilters = (request: APIRequestContext, admin: Member, entries: unknown[]) =>
  request.put('/api/admin/filters', { headers: { authorization: `Bearer ${admin.token}` }, data: { entries } });

test('a message a hold filter catches is marked for its sender, unseen by the receiver until a moderator releases it', async ({
  browser,
  page: setup,
}) => {
  // Two members and an admin on two cores: longer than the default minute.
  test.setTimeout(120_000);
  const admin = await registerAdmin(setup.request);
  // A word of this run's own, so no other message is held by it.
  const word = `prize${Date.now().toString(36)}`;
  expect((await setFilters(setup.request, admin, [{ pattern: word, kind: 'word', action: 'hold' }])).ok()).toBe(true);
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const held = `Win a ${word} tonight`;

  try {
    const a = await signedInContext(browser, ann);
    const b = await signedInContext(browser, bob);
    await a.page.goto(`/scan-chat/private/${bob.id}`);
    const send = async (text: string) => {
      await a.page.getByPlaceholder('Type a message').fill(text);
      await a.page.getByRole('button', { name: 'Send' }).click();
    };
    await send('Hello Bob!');
    await b.page.goto(`/scan-chat/private/${ann.id}`);
    await expect(b.page.getByTestId('message').filter({ hasText: 'Hello Bob!' })).toBeVisible();

    // Ann's message is kept, marked for her, after a reload too.
    await send(held);
    const mine = a.page.getByTestId('message').filter({ hasText: held });
    await expect(mine.getByRole('status')).toHaveText(HELD);
    await send('Still there?');
    // Bob, in the open chat, gets the message after it but never the held one.
    await expect(b.page.getByTestId('message').filter({ hasText: 'Still there?' })).toBeVisible();
    await expect(b.page.getByTestId('message').filter({ hasText: held })).toHaveCount(0);
    await a.page.reload();
    await expect(a.page.getByTestId('message').filter({ hasText: held }).getByRole('status')).toHaveText(HELD);

    // The admin releases it: Bob gets it live, and Ann's mark comes off.
    const auth = { authorization: `Bearer ${admin.token}` };
    const queue = (await (await setup.request.get('/api/admin/held', { headers: auth })).json()) as {
      items: Array<{ kind: string; id: number; text: string; context: string | null }>;
    };
    const item = queue.items.find((i) => i.kind === 'message' && i.text === held);
    expect(item?.context).toBe(`Direct message to @${bob.username}`);
    expect((await setup.request.post(`/api/admin/held/message/${item!.id}/release`, { headers: auth })).ok()).toBe(true);
    await expect(b.page.getByTestId('message').filter({ hasText: held })).toBeVisible();
    await expect(a.page.getByTestId('message').filter({ hasText: held })).toBeVisible();
    await expect(a.page.getByTestId('message').filter({ hasText: held }).getByRole('status')).toHaveCount(0);
    await Promise.all([a.context.close(), b.context.close()]);
  } finally {
    await setFilters(setup.request, admin, []);
  }
});
