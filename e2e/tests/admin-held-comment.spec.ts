import type { Page } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { setFilters } from '../support/admin.ts';
import { adminAnnAndBobWithHold, bearer, signedInContext } from '../support/members.ts';

const postIn = (page: Page, text: string) => page.getByRole('list', { name: 'Posts', exact: true }).locator('article', { hasText: text });

test('a comment a hold filter catches is marked for its writer, unseen by the post’s author until a moderator releases it', async ({
  browser,
  page: setup,
  a11y,
}) => {
  // Three members and four screens checked in both themes: longer than the default minute on two cores.
  test.setTimeout(120_000);
  const { admin, ann, bob } = await adminAnnAndBobWithHold(setup.request, 'giveaway');
  const text = `Plans for the weekend ${Date.now()}`;
  const made = await setup.request.post('/api/posts/create', { headers: bearer(ann), multipart: { post: text } });
  expect(made.status()).toBe(201);
  const remark = 'Join my giveaway tonight';

  try {
    // Bob comments: the comment is kept, shown to him marked held, after a reload too.
    const b = await signedInContext(browser, bob);
    const bobPage = a11y.track(b.page);
    await bobPage.goto('/home');
    const seen = postIn(bobPage, text);
    await seen.getByRole('button', { name: /^Comment/ }).click();
    await seen.getByPlaceholder('Write a comment...').fill(remark);
    await seen.getByRole('button', { name: 'Send' }).click();
    const mine = seen.getByRole('listitem').filter({ hasText: remark });
    await expect(mine.getByRole('status')).toHaveText('Held for review: only you see this comment until a moderator lets it through.');
    await expect(seen.getByTestId('comments-count')).toHaveText('0');
    await a11y.check(bobPage, 'the thread with a comment held for review');
    await bobPage.reload();
    await postIn(bobPage, text)
      .getByRole('button', { name: /^Comment/ })
      .click();
    await expect(postIn(bobPage, text).getByRole('listitem').filter({ hasText: remark }).getByRole('status')).toBeVisible();

    // Ann, whose post it is, sees no comment and no count.
    const a = await signedInContext(browser, ann);
    const annPage = a11y.track(a.page);
    await annPage.goto('/home');
    const own = postIn(annPage, text);
    await own.getByRole('button', { name: /^Comment/ }).click();
    await expect(own.getByText('No comments yet.')).toBeVisible();
    await expect(own.getByTestId('comments-count')).toHaveText('0');
    await a11y.check(annPage, 'the thread without the held comment');

    // The admin releases it from the held queue: it reaches Ann live, and Bob's mark comes off.
    const ad = await signedInContext(browser, admin);
    const adminPage = a11y.track(ad.page);
    await adminPage.goto('/admin/held');
    await expect(adminPage.getByRole('tab', { name: 'Held for review' })).toHaveAttribute('aria-selected', 'true');
    const card = adminPage.getByRole('article').filter({ hasText: remark });
    await expect(card).toContainText(`Comment on a post by @${ann.username}`);
    await a11y.check(adminPage, 'the held queue with a comment');
    await card.getByRole('button', { name: 'Release' }).click();
    await expect(adminPage.getByText('Released: everyone sees the comment now.')).toBeVisible();

    await expect(own.getByText(remark)).toBeVisible();
    await expect(own.getByTestId('comments-count')).toHaveText('1');
    const released = postIn(bobPage, text).getByRole('listitem').filter({ hasText: remark });
    await expect(released).toBeVisible();
    await expect(released.getByRole('status')).toHaveCount(0);
    await a11y.check(annPage, 'the thread after release');
    await Promise.all([a.context.close(), b.context.close(), ad.context.close()]);
  } finally {
    await setFilters(setup.request, admin, []);
  }
});
