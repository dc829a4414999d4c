import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { bearer, registerAdmin, registerMember, signedInContext, type Member } from '../support/members.ts';

/** A phone, used by touch. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

async function post(request: APIRequestContext, author: Member, text: string) {
  const res = await request.post('/api/posts/create', { headers: bearer(author), multipart: { post: text } });
  expect(res.status()).toBe(201);
}

test('a member reports a post; an admin removes it and suspends its author, whose next request is refused', async ({
  browser,
  page: setup,
  a11y,
}) => {
  // Three members and seven accessibility checks (each in both themes): over a minute on a busy machine.
  test.setTimeout(120_000);
  const admin = await registerAdmin(setup.request);
  const bob = await registerMember(setup.request, 'Bob');
  const cy = await registerMember(setup.request, 'Cy');
  const text = `Cheap watches at example.test ${Date.now()}`;
  await post(setup.request, bob, text);

  // Cy, on a phone, reports Bob's post from his page: a reason and a note.
  const c = await signedInContext(browser, cy, phone);
  const page = a11y.track(c.page);
  await page.goto(`/u/${bob.username}`);
  const bobsPost = page.locator('article', { hasText: text });
  const more = bobsPost.getByRole('button', { name: `More for ${bob.username}` });
  const box = (await more.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await more.tap();
  await page.getByRole('menuitem', { name: 'Report…' }).tap();
  const dialog = page.getByRole('dialog', { name: `Report ${bob.username}'s post` });
  await dialog.getByText('Spam', { exact: true }).tap();
  await expect(dialog.getByRole('radio', { name: /Spam/ })).toBeChecked();
  await dialog.getByLabel('Note (optional)').fill('The same link in every post');
  await a11y.check(page, 'the Report dialog');
  await dialog.getByRole('button', { name: 'Report', exact: true }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/Your report went to this instance's moderators/)).toBeVisible();

  // Cy has no admin area: the app's Not found, no link to it, and the server's 404.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await setup.request.get('/api/admin/reports', { headers: bearer(cy) })).status()).toBe(404);

  // The admin finds the report in the queue, with who reported whom, and removes the post.
  const a = await signedInContext(browser, admin);
  const adminPage = a11y.track(a.page);
  await adminPage.goto('/home');
  const adminLink = adminPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Admin' });
  await expect(adminLink).toBeVisible();
  // Checked like any page shown: on a busy machine the click below can come later than a redirect would.
  await a11y.check(adminPage, 'home, with the Admin link');
  await adminLink.click();
  // The dashboard the link opens is a page shown like any other, checked before the Reports tab opens its own.
  await expect(adminPage.getByRole('tab', { name: 'Reports' })).toBeVisible();
  await a11y.check(adminPage, 'the admin dashboard');
  await adminPage.getByRole('tab', { name: 'Reports' }).click();
  const card = adminPage.getByRole('article').filter({ hasText: text });
  await expect(card).toContainText(`${cy.name} reported ${bob.name}`);
  await expect(card).toContainText('The same link in every post');
  await a11y.check(adminPage, 'the report queue');
  await card.getByRole('button', { name: 'Remove content' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card).toHaveCount(0);
  await expect(adminPage.getByText('No open reports. All clear.')).toBeVisible();

  // Gone for everyone.
  await page.goto(`/u/${bob.username}`);
  await expect(page.getByRole('heading', { name: bob.name })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  // Then suspends Bob from the Members tab, with the reason he will read.
  await adminPage.getByRole('tab', { name: 'Members' }).click();
  await adminPage.getByLabel('Find a member').fill(bob.username);
  await adminPage.getByRole('button', { name: 'Find', exact: true }).click();
  const row = adminPage.getByRole('list', { name: 'Members found' }).getByRole('listitem').filter({ hasText: bob.name });
  await row.getByRole('button', { name: 'Suspend…' }).click();
  const suspend = adminPage.getByRole('dialog', { name: `Suspend ${bob.name}` });
  await suspend.getByLabel('Reason (the member reads it)').fill('Spam after a warning');
  await a11y.check(adminPage, 'the Suspend dialog');
  await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(suspend).toHaveCount(0);

  // Bob's session ends at once: his next request is refused, and signing in again tells him why.
  expect((await setup.request.get('/api/auth/me', { headers: bearer(bob) })).status()).toBe(401);
  const b = await browser.newContext();
  const bobPage = a11y.track(await b.newPage());
  await bobPage.goto('/auth/login');
  await bobPage.getByLabel('Email Address').fill(bob.email);
  await bobPage.getByLabel('Password', { exact: true }).fill('Secret#123');
  await bobPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(bobPage.getByRole('alert')).toContainText('Spam after a warning');
  await a11y.check(bobPage, 'sign-in refused to a suspended member');

  // The audit log says who did what, to whom and why; on a phone too.
  await adminPage.setViewportSize(phone.viewport);
  await adminPage.getByRole('tab', { name: 'Audit log' }).click();
  const log = adminPage.getByRole('region', { name: 'Audit log' });
  await expect(log.getByRole('listitem').filter({ hasText: `suspended ${bob.name}` })).toContainText('Why: Spam after a warning');
  await expect(log.getByRole('listitem').filter({ hasText: `removed content by ${bob.name}` })).toBeVisible();
  await a11y.check(adminPage, 'the audit log on a phone');

  await Promise.all([c.context.close(), a.context.close(), b.close()]);
});

test('a reported direct message reaches the queue with only the messages the reporter chose', async ({ browser, page: setup, a11y }) => {
  const admin = await registerAdmin(setup.request);
  const bob = await registerMember(setup.request, 'Bob');
  const cy = await registerMember(setup.request, 'Cy');
  const stamp = Date.now();
  for (const text of [`hi there ${stamp}`, `are you around ${stamp}`, `send me money or else ${stamp}`]) {
    expect((await setup.request.post('/api/chat/send', { headers: bearer(bob), data: { peer_id: cy.id, text } })).ok()).toBe(true);
  }

  const c = await signedInContext(browser, cy);
  const page = a11y.track(c.page);
  await page.goto(`/scan-chat/private/${bob.id}`);
  const threat = page.getByTestId('message').filter({ hasText: `send me money or else ${stamp}` });
  await threat.hover();
  await threat.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Report…' }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${bob.name}'s message` });
  // The reported message always goes; of the ones before it, only what the reporter ticks.
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`send me money or else ${stamp}`) })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: new RegExp(`are you around ${stamp}`) }).check();
  await dialog.getByText('Harassment', { exact: true }).click();
  await a11y.check(page, 'reporting a direct message');
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const a = await signedInContext(browser, admin);
  const adminPage = a11y.track(a.page);
  await adminPage.goto('/admin/reports');
  const card = adminPage.getByRole('article').filter({ hasText: `send me money or else ${stamp}` });
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Message · Harassment');
  const copied = card.getByRole('list', { name: 'Reported messages' }).getByRole('listitem');
  await expect(copied).toHaveCount(2);
  await expect(copied.first()).toContainText(`are you around ${stamp}`);
  await expect(copied.last()).toHaveAttribute('aria-current', 'true');
  await expect(card).not.toContainText(`hi there ${stamp}`);
  await a11y.check(adminPage, 'a reported message in the queue');

  await card.getByLabel('Note to the reporter (optional)').fill('Warned them');
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(card).toHaveCount(0);
  await adminPage.getByLabel('Show').selectOption('resolved');
  await expect(adminPage.getByRole('article').filter({ hasText: `send me money or else ${stamp}` })).toContainText('Dismissed by');

  await Promise.all([c.context.close(), a.context.close()]);
});
