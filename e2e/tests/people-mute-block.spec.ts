import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { registerMember, signedInContext, type Member } from '../support/members.ts';

/** A phone, used by touch: the '⋯' menus are tapped, not clicked. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

async function post(request: APIRequestContext, author: Member, text: string) {
  const res = await request.post('/api/posts/create', { headers: { authorization: `Bearer ${author.token}` }, multipart: { post: text } });
  expect(res.status()).toBe(201);
}

test('muting a member from their post takes their posts out of the feed at once; blocking from their profile leaves only who they are', async ({
  browser,
  page: setup,
  a11y,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const cy = await registerMember(setup.request, 'Cy');
  const stamp = Date.now();
  await post(setup.request, bob, `Bob's garden ${stamp}`);
  await post(setup.request, cy, `Cy's kitchen ${stamp}`);

  const a = await signedInContext(browser, ann, phone);
  const page = a11y.track(a.page);
  await page.goto('/home');
  const feed = page.getByRole('list', { name: 'Posts', exact: true });
  const bobsPost = feed.locator('article', { hasText: `Bob's garden ${stamp}` });
  await expect(bobsPost).toBeVisible();
  await expect(feed.locator('article', { hasText: `Cy's kitchen ${stamp}` })).toBeVisible();

  // The '⋯' of Bob's post: a finger-sized target, offering Mute, Block and Report (to the instance's moderators).
  const more = bobsPost.getByRole('button', { name: `More for ${bob.username}` });
  const box = (await more.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await more.tap();
  const menu = page.getByRole('menu', { name: `More for ${bob.username}` });
  await expect(menu.getByRole('menuitem')).toHaveText([`Mute ${bob.username}`, `Block ${bob.username}`, 'Report…']);
  await a11y.check(page, 'the feed with a post menu open');
  await menu.getByRole('menuitem', { name: `Mute ${bob.username}` }).tap();

  // Gone at once, Cy's post stays; and Bob's next post never arrives, while Cy's does.
  await expect(bobsPost).toHaveCount(0);
  await expect(feed.locator('article', { hasText: `Cy's kitchen ${stamp}` })).toBeVisible();
  await post(setup.request, bob, `Bob again ${stamp}`);
  await post(setup.request, cy, `Cy again ${stamp}`);
  await expect(feed.locator('article', { hasText: `Cy again ${stamp}` })).toBeVisible();
  await expect(feed.locator('article', { hasText: `Bob again ${stamp}` })).toHaveCount(0);
  // And it stays out after a reload.
  await page.reload();
  await expect(feed.locator('article', { hasText: `Cy again ${stamp}` })).toBeVisible();
  await expect(feed.getByText(new RegExp(`Bob (again|'s garden) ${stamp}`))).toHaveCount(0);

  // Bob's own page still shows his posts to Ann, and says he is muted.
  await page.goto(`/u/${bob.username}`);
  const card = page.getByRole('region', { name: `${bob.name}'s profile` });
  await expect(card.getByText('Muted', { exact: true })).toBeVisible();
  await expect(page.getByText(`Bob again ${stamp}`)).toBeVisible();

  // Block from the profile: the question says what a block does, and what remains is who he is and Unblock.
  await card.getByRole('button', { name: `More for ${bob.name}` }).tap();
  await page.getByRole('menuitem', { name: `Block ${bob.name}` }).tap();
  const ask = page.getByRole('alertdialog', { name: `Block ${bob.name}?` });
  await expect(ask).toContainText("Neither of you will see the other's posts or comments");
  await a11y.check(page, 'the block question');
  await ask.getByRole('button', { name: 'Block', exact: true }).tap();
  await expect(card.getByText(`You blocked ${bob.name}.`)).toBeVisible();
  await expect(card.getByRole('button', { name: `Follow ${bob.name}` })).toHaveCount(0);
  await expect(page.getByText(`Bob again ${stamp}`)).toHaveCount(0);
  await a11y.check(page, 'a blocked member’s profile');
  await card.getByRole('button', { name: `More for ${bob.name}` }).tap();
  await expect(page.getByRole('menuitem')).toHaveText([`Unmute ${bob.name}`, `Unblock ${bob.name}`, 'Report…']);
  await page.keyboard.press('Escape');

  // Bob no longer finds Ann.
  const b = await signedInContext(browser, bob);
  await b.page.goto(`/u/${ann.username}`);
  await expect(b.page.getByText('This member does not exist, or their profile is not visible to you.')).toBeVisible();

  await a.context.close();
  await b.context.close();
});
