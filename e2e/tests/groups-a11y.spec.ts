import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { createGroup } from '../support/groups.ts';
import { registerMember, signedInContext, type Member } from '../support/members.ts';

/**
 * A group view holds colours an empty one does not: other members' names over their bubbles, the lines the group
 * writes itself, reactions (one's own and others'), 'Seen by', the admin badge. This journey fills all of them in
 * through the API and checks the view, its info panel and the new-group dialog in the dark and the light theme.
 */

async function api<T>(request: APIRequestContext, member: Member, method: 'post' | 'patch', url: string, data?: object) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${member.token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('a group with messages from others, its own lines and reactions is readable in both themes', async ({
  browser,
  page: setup,
  a11y,
}) => {
  test.setTimeout(150_000);
  const { request } = setup;
  const [ada, ben, cy, dee] = await Promise.all(['Ada', 'Ben', 'Cy', 'Dee'].map((label) => registerMember(request, label)));
  const group = await createGroup(request, ada, 'Book club', [ben, cy]);
  const url = `/api/chat/groups/${group.id}`;
  const send = (m: Member, text: string, reply_to?: number) =>
    api<{ message: { id: number } }>(request, m, 'post', `${url}/send`, { text, reply_to }).then((r) => r.message);
  await api(request, ada, 'post', `${url}/members`, { user_ids: [dee.id] });
  await api(request, ada, 'patch', url, { name: 'Book club (May)' });
  const question = await send(ben, 'Which book first?');
  await send(cy, 'The short one, please');
  const answer = await send(ada, 'The short one it is', question.id);
  await send(dee, 'Found it at the library');
  await api(request, ben, 'post', `${url}/messages/${answer.id}/reactions`, { emoji: '1f44d' });
  await api(request, cy, 'post', `${url}/messages/${answer.id}/reactions`, { emoji: '2764-fe0f' });
  await api(request, ada, 'post', `${url}/messages/${question.id}/reactions`, { emoji: '1f44d' });
  // Ben and Cy have read Ada's answer: 'Seen by 2' under it.
  for (const m of [ben, cy]) await api(request, m, 'post', `${url}/read`, { message_id: answer.id });

  const { context, page } = await signedInContext(browser, ada, { viewport: { width: 1280, height: 900 } });
  a11y.track(page);
  await page.goto(`/scan-chat/private/group/${group.id}`);
  const messages = page.getByTestId('message');
  // The first: Ada's answer quotes it further down.
  const asked = messages.filter({ hasText: 'Which book first?' }).first();
  await expect(asked).toContainText(ben.name);
  await expect(messages.filter({ hasText: 'The short one, please' })).toContainText(cy.name);
  await expect(messages.filter({ hasText: 'The short one it is' })).toContainText('Seen by 2');
  await expect(messages.filter({ hasText: 'The short one it is' }).getByRole('button', { name: /👍 1/ })).toBeVisible();
  await expect(asked.getByRole('button', { name: '👍 1, yours' })).toBeVisible();
  await expect(page.getByTestId('system-line').filter({ hasText: 'You renamed the group to "Book club (May)"' })).toBeVisible();
  await expect(page.getByTestId('system-line').filter({ hasText: `You added ${dee.name}` })).toBeVisible();
  await a11y.check(page, 'group view with messages, lines and reactions');

  await page.getByRole('button', { name: 'Group info' }).click();
  await expect(page.getByRole('dialog', { name: 'Group info' }).getByRole('listitem')).toHaveCount(4);
  await a11y.check(page, 'group info panel');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Group info' })).toBeFocused();

  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel('Search people').fill(ben.name);
  await dialog.getByRole('checkbox', { name: ben.name }).check();
  // No name and one person: both errors show, in the dialog's colours.
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Give the group a name' })).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Pick at least two people' })).toBeVisible();
  await a11y.check(page, 'new group dialog with an error');
  await page.keyboard.press('Escape');

  // The same view on a phone, as Ben (someone else's admin badge, his reaction among others).
  const b = await signedInContext(browser, ben, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  a11y.track(b.page);
  await b.page.goto(`/scan-chat/private/group/${group.id}`);
  await expect(b.page.getByTestId('message').filter({ hasText: 'Found it at the library' })).toContainText(dee.name);
  await a11y.check(b.page, 'group view on a phone');

  await context.close();
  await b.context.close();
});
