import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test('following a member from their profile: they are notified live, counts change for both at once and after a reload', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);
  // Bob is on his own profile, where his followers are counted.
  await b.page.goto('/profile');
  await expect(b.page.getByTestId('followers-count')).toHaveText('0 followers');
  await expect(b.page.getByRole('button', { name: 'Notifications: 0 unread' })).toBeVisible();

  await a.page.goto(`/u/${bob.username}`);
  await expect(a.page.getByRole('heading', { name: bob.name })).toBeVisible();
  // As it is drawn (inner text): number and word with a space between, and the plural ('0likes' before).
  await expect(a.page.getByTestId('likes-figure')).toHaveText(/^0 likes$/, { useInnerText: true });
  await a.page.getByRole('button', { name: `Follow ${bob.name}` }).click();
  await expect(a.page.getByRole('button', { name: `Unfollow ${bob.name}` })).toBeVisible();
  await expect(a.page.getByTestId('followers-count')).toHaveText('1 follower');

  // Live on Bob's side: the bell and his count, without a reload.
  await expect(b.page.getByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();
  await expect(b.page.getByTestId('followers-count')).toHaveText('1 follower');
  await b.page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
  const panel = b.page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: new RegExp(`@${ann.username} started following you`) })).toBeVisible();
  await b.page.keyboard.press('Escape');

  // The followers modal: Ann is there with Follow back; following back changes both counts.
  await b.page.getByTestId('followers-count').click();
  const modal = b.page.getByRole('dialog', { name: 'Followers' });
  await expect(modal.getByRole('link', { name: ann.name, exact: true })).toBeVisible();
  await modal.getByRole('button', { name: `Follow back ${ann.name}` }).click();
  await expect(modal.getByRole('tab', { name: 'Following (1)' })).toBeVisible();
  await expect(a.page.getByTestId('following-count')).toHaveText('1 following');

  // Remove: Ann no longer follows Bob, on both screens and after a reload.
  await modal.getByRole('button', { name: `Remove ${ann.name} from your followers` }).click();
  await expect(modal.getByRole('tab', { name: 'Followers (0)' })).toBeVisible();
  await expect(a.page.getByRole('button', { name: `Follow back ${bob.name}` })).toBeVisible();
  await expect(a.page.getByTestId('followers-count')).toHaveText('0 followers');
  await a.page.reload();
  await expect(a.page.getByTestId('followers-count')).toHaveText('0 followers');
  await expect(a.page.getByText('Follows you')).toBeVisible();

  // The notifications page lists it and marks all read.
  await b.page.goto('/notifications');
  await expect(b.page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await b.page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(b.page.getByRole('button', { name: 'Notifications: 0 unread' })).toBeVisible();
  await a.context.close();
  await b.context.close();
});

test('opening another member’s profile from a post and messaging them', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const text = `Hello from Bob ${Date.now()}`;
  const created = await setup.request.post('/api/posts/create', {
    headers: { authorization: `Bearer ${bob.token}` },
    multipart: { post: text },
  });
  expect(created.status()).toBe(201);

  const a = await signedInContext(browser, ann);
  await a.page.goto('/home');
  const post = a.page.getByRole('list', { name: 'Posts', exact: true }).locator('article', { hasText: text });
  await post.getByRole('link', { name: bob.username }).click();
  await expect(a.page).toHaveURL(new RegExp(`/u/${bob.username}$`));
  await expect(a.page.getByRole('heading', { name: bob.name })).toBeVisible();
  // Bob's posts are on his page.
  await expect(a.page.getByText(text)).toBeVisible();

  await a.page.getByRole('link', { name: 'Message' }).click();
  await expect(a.page).toHaveURL(new RegExp(`/scan-chat/private/${bob.id}$`));
  const composer = a.page.getByRole('textbox', { name: /message/i });
  await composer.fill('Hi Bob, saw your post');
  await composer.press('Enter');
  await expect(a.page.getByTestId('message-bubble').getByText('Hi Bob, saw your post')).toBeVisible();
  // The chat header leads back to the profile.
  await a.page.getByTitle(`Open ${bob.name}'s profile`).click();
  await expect(a.page).toHaveURL(new RegExp(`/u/${bob.username}$`));
  await a.context.close();
});
