import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test('a post whose answer is lost on the way is retried and appears once, also after a reload', async ({ browser, request }) => {
  const author = await registerMember(request, 'Rita');
  const { page } = await signedInContext(browser, author);
  await page.goto('/home');

  // The first upload reaches the server and is stored, but its answer never comes back to the browser.
  let attempts = 0;
  await page.route('**/api/posts/create', async (route) => {
    attempts += 1;
    if (attempts === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });

  const text = `Only once ${Date.now()}`;
  await page.getByRole('button', { name: "What's on your mind?" }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByPlaceholder("What's on your mind?").fill(text);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();
  expect(attempts).toBe(2);

  const posts = page.getByRole('list', { name: 'Posts', exact: true }).getByRole('article').filter({ hasText: text });
  await expect(posts).toHaveCount(1);
  await page.reload();
  await expect(posts).toHaveCount(1);
  const mine = await request.get('/api/posts/user/me', { headers: { authorization: `Bearer ${author.token}` } });
  expect(((await mine.json()) as { posts: Array<{ post: string }> }).posts.filter((p) => p.post === text)).toHaveLength(1);
});
