import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { bearer, registerAdmin, registerMember, signedInContext, type Member } from '../support/members.ts';

/** A phone, used by touch. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

async function post(request: APIRequestContext, author: Member, text: string): Promise<number> {
  const res = await request.post('/api/posts/create', { headers: bearer(author), multipart: { post: text } });
  expect(res.status()).toBe(201);
  return (await res.json()).post_id;
}

test("a member's removed post comes back when the admin accepts their appeal", async ({ browser, page: setup, a11y }) => {
  const admin = await registerAdmin(setup.request);
  const bob = await registerMember(setup.request, 'Bob');
  const cy = await registerMember(setup.request, 'Cy');
  const text = `Our choir sings on Sunday ${Date.now()}`;
  const postId = await post(setup.request, bob, text);

  // Cy reports it; the admin removes it from the queue, with the reason Bob will read.
  const made = await setup.request.post('/api/reports', {
    headers: bearer(cy),
    data: { target: { kind: 'post', id: postId }, reason: 'spam' },
  });
  expect(made.status()).toBe(201);
  const resolved = await setup.request.post(`/api/admin/reports/${(await made.json()).id}/resolve`, {
    headers: bearer(admin),
    data: { action: 'remove_content', note: 'Looks like an advert' },
  });
  expect(resolved.status()).toBe(200);

  // Bob, on a phone, reads why in his notifications and appeals, once.
  const b = await signedInContext(browser, bob, phone);
  const bobPage = a11y.track(b.page);
  await bobPage.goto(`/u/${bob.username}`);
  await expect(bobPage.getByRole('heading', { name: bob.name })).toBeVisible();
  await expect(bobPage.getByText(text)).toHaveCount(0);
  await bobPage.goto('/notifications');
  await expect(bobPage.getByText('The moderators removed your post: Looks like an advert')).toBeVisible();
  const appeal = bobPage.getByRole('button', { name: 'Appeal' });
  const box = (await appeal.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await appeal.tap();
  const dialog = bobPage.getByRole('dialog', { name: 'Appeal the removal of your post' });
  await dialog.getByLabel('Why should this be reversed?').fill('It is our choir, not an advert');
  await a11y.check(bobPage, 'the Appeal dialog on a phone');
  await dialog.getByRole('button', { name: 'Send appeal' }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(bobPage.getByText(/Your appeal went to the moderators/)).toBeVisible();
  // A second appeal of the same decision is refused, and says so.
  await bobPage.getByRole('button', { name: 'Appeal' }).tap();
  await dialog.getByLabel('Why should this be reversed?').fill('Please');
  await dialog.getByRole('button', { name: 'Send appeal' }).tap();
  await expect(dialog.getByRole('alert')).toContainText('appealed this decision already');
  await dialog.getByRole('button', { name: 'Cancel' }).tap();

  // The admin reads the appeal with the removed post, and accepts it.
  const a = await signedInContext(browser, admin);
  const adminPage = a11y.track(a.page);
  // Straight to the Appeals tab's own address: opening the dashboard first would be a page shown to check as well (on a
  // busy machine the tab's click can come later than a redirect would).
  await adminPage.goto('/admin/appeals');
  await expect(adminPage.getByRole('tab', { name: 'Appeals' })).toHaveAttribute('aria-selected', 'true');
  const card = adminPage.getByRole('article').filter({ hasText: 'It is our choir, not an advert' });
  await expect(card).toContainText(text);
  await expect(card).toContainText('because: Looks like an advert');
  await a11y.check(adminPage, 'the appeals queue');
  await card.getByLabel('Note to the member (optional)').fill('Sorry, our mistake');
  await card.getByRole('button', { name: 'Accept and reverse' }).click();
  await expect(card).toHaveCount(0);
  await expect(adminPage.getByText('No open appeals.')).toBeVisible();

  // The post is back for everyone, and Bob is told.
  await bobPage.goto(`/u/${bob.username}`);
  await expect(bobPage.getByText(text)).toBeVisible();
  await a11y.check(bobPage, 'his profile with the post back, on a phone');
  await bobPage.goto('/notifications');
  await expect(bobPage.getByText(/accepted your appeal of the removal: it is back\. Sorry, our mistake/)).toBeVisible();

  await Promise.all([b.context.close(), a.context.close()]);
});

test('a suspended member appeals from the sign-in page; accepted, they sign in again', async ({ browser, page: setup, a11y }) => {
  const admin = await registerAdmin(setup.request);
  const bob = await registerMember(setup.request, 'Bob');
  const suspended = await setup.request.post(`/api/admin/users/${bob.id}/suspend`, {
    headers: bearer(admin),
    data: { reason: 'Spam after a warning' },
  });
  expect(suspended.status()).toBe(200);

  // Signing in tells Bob why, and offers an appeal; it signs him in nowhere.
  const b = await browser.newContext(phone);
  const bobPage = a11y.track(await b.newPage());
  const signIn = async () => {
    await bobPage.goto('/auth/login');
    await bobPage.getByLabel('Email Address').fill(bob.email);
    await bobPage.getByLabel('Password', { exact: true }).fill('Secret#123');
    await bobPage.getByRole('button', { name: 'Sign In' }).tap();
  };
  await signIn();
  await expect(bobPage.getByRole('alert')).toContainText('Spam after a warning');
  await bobPage.getByRole('button', { name: 'Appeal this suspension' }).tap();
  const dialog = bobPage.getByRole('dialog', { name: 'Appeal your suspension' });
  await dialog.getByLabel('Why should this be reversed?').fill('My little brother used my phone');
  await a11y.check(bobPage, 'appealing a suspension on a phone');
  await dialog.getByRole('button', { name: 'Send appeal' }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(bobPage.getByText(/we will mail you what they decide/)).toBeVisible();
  await expect(bobPage).toHaveURL(/\/auth\/login/);

  // The admin accepts: the suspension is lifted.
  const a = await signedInContext(browser, admin);
  const adminPage = a11y.track(a.page);
  await adminPage.goto('/admin/appeals');
  const card = adminPage.getByRole('article').filter({ hasText: 'My little brother used my phone' });
  await expect(card).toContainText('Suspension');
  await expect(card).toContainText('because: Spam after a warning');
  await a11y.check(adminPage, 'an appeal of a suspension');
  await card.getByRole('button', { name: 'Accept and reverse' }).click();
  await expect(card).toHaveCount(0);

  await signIn();
  await expect(bobPage).toHaveURL(/\/home/);
  await expect(bobPage.getByRole('heading', { name: 'Feed', level: 1 })).toBeVisible();
  await a11y.check(bobPage, 'signed in again after the appeal');

  await Promise.all([b.close(), a.context.close()]);
});
