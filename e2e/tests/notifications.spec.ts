import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test('the bell opens the notifications list, closes with Escape and gives focus back', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const a = await signedInContext(browser, ann);
  await a.page.goto('/profile');

  const bell = a.page.getByRole('button', { name: 'Notifications: 0 unread' });
  await bell.click();
  const panel = a.page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('No notifications yet.')).toBeVisible();
  // Opening the list does not take the member away from the page they were on.
  await expect(a.page).toHaveURL(/\/profile$/);

  await a.page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await a.context.close();
});

test('a notification about a post opens the feed at that post and stays read after a reload', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const text = `Morning run ${Date.now()}`;
  const created = await setup.request.post('/api/posts/create', {
    headers: { authorization: `Bearer ${ann.token}` },
    multipart: { post: text },
  });
  expect(created.status()).toBe(201);
  const { post_id } = (await created.json()) as { post_id: number };
  const liked = await setup.request.post(`/api/posts/${post_id}/like`, { headers: { authorization: `Bearer ${bob.token}` } });
  expect(liked.ok()).toBe(true);

  const a = await signedInContext(browser, ann);
  await a.page.goto('/profile');
  await expect(a.page).toHaveTitle('(1) Tribeverse');
  await a.page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
  const panel = a.page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('link', { name: new RegExp(`@${bob.username} liked your post`) }).click();

  await expect(panel).toBeHidden();
  await expect(a.page).toHaveURL(new RegExp(`/home\\?author=${ann.username}#post-${post_id}$`));
  await expect(a.page.getByText(`by @${ann.username}`)).toBeVisible();
  await expect(a.page.getByRole('list', { name: 'Posts', exact: true }).locator(`article[data-post-id="${post_id}"]`)).toContainText(text);
  await expect(a.page.getByRole('button', { name: 'Notifications: 0 unread' })).toBeVisible();
  await expect(a.page).toHaveTitle('Tribeverse');

  await a.page.reload();
  await expect(a.page.getByRole('button', { name: 'Notifications: 0 unread' })).toBeVisible();
  await a.context.close();
});
