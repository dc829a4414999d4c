import { expect, test } from '../support/a11y.ts';
import { setFilters } from '../support/admin.ts';
import { adminAnnAndBobWithHold, signedInContext } from '../support/members.ts';

test('a new name a hold filter catches waits for review: the member sees it marked, others the old one until release', async ({
  browser,
  page: setup,
  a11y,
}) => {
  // Three members' browsers and four pages checked in both themes.
  test.setTimeout(120_000);
  const { admin, ann, bob } = await adminAnnAndBobWithHold(setup.request, 'giveaway');
  const newName = `Ann Giveaway ${Date.now() % 1e6}`;

  try {
    // Ann renames herself: the edit is saved, held, and shown to her marked, after a reload too.
    const a = await signedInContext(browser, ann);
    const page = a11y.track(a.page);
    await page.goto('/profile/edit');
    await page.getByLabel('Full name').fill(newName);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile saved. Your new name and bio are held for review.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue(newName);
    await expect(page.getByRole('status').filter({ hasText: 'Held for review.' })).toContainText(`previous name “${ann.name}”`);
    await a11y.check(page, 'the edit screen with a name held for review');

    // Bob still sees her previous name.
    const b = await signedInContext(browser, bob);
    const bobPage = a11y.track(b.page);
    await bobPage.goto(`/u/${ann.username}`);
    await expect(bobPage.getByRole('heading', { name: ann.name })).toBeVisible();
    await a11y.check(bobPage, 'the profile while its new name waits');

    // The admin releases it from the held queue; Bob then sees the new name.
    const ad = await signedInContext(browser, admin);
    const adminPage = a11y.track(ad.page);
    await adminPage.goto('/admin/held');
    await expect(adminPage.getByRole('tab', { name: 'Held for review' })).toHaveAttribute('aria-selected', 'true');
    const card = adminPage.getByRole('article').filter({ hasText: `Name: ${newName}` });
    await expect(card).toContainText(`Profile of @${ann.username}`);
    await a11y.check(adminPage, 'the held queue with a profile change');
    await card.getByRole('button', { name: 'Release' }).click();
    await expect(adminPage.getByText('Released: everyone sees the new name and bio now.')).toBeVisible();

    await bobPage.reload();
    await expect(bobPage.getByRole('heading', { name: newName })).toBeVisible();
    await a11y.check(bobPage, 'the profile after release');
    await Promise.all([a.context.close(), b.context.close(), ad.context.close()]);
  } finally {
    await setFilters(setup.request, admin, []);
  }
});
