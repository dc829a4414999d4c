import { expect, test, type Browser, type Page } from '@playwright/test';
import { PNG, registerMember as member, signedInContext, type Member } from '../support/members.ts';

/** A browser signed in as this member, on the feed. */
async function signedInPage(browser: Browser, m: Member): Promise<Page> {
  const { page } = await signedInContext(browser, m);
  await page.goto('/home');
  return page;
}

const feedList = (page: Page) => page.getByRole('list', { name: 'Posts', exact: true });
const postIn = (page: Page, text: string) => feedList(page).locator('article', { hasText: text });

test('a post with a picture appears live for another member, whose like shows for the author, and all of it survives a reload', async ({
  browser,
  request,
}) => {
  const author = await member(request, 'ana');
  const reader = await member(request, 'ben');
  const text = `Sunset over the lake ${Date.now()} #golden`;

  const authorPage = await signedInPage(browser, author);
  const readerPage = await signedInPage(browser, reader);
  await expect(readerPage.getByRole('button', { name: "What's on your mind?" })).toBeVisible();
  // The reader's feed has loaded (and its socket is up) before the post is made.
  await expect(readerPage.getByText('Loading posts…')).toHaveCount(0);

  // The author writes the post in the Create Post modal: text, a picture, an emoji.
  await authorPage.getByRole('button', { name: "What's on your mind?" }).click();
  const dialog = authorPage.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByPlaceholder("What's on your mind?").fill(`${text} `);
  // The picker is fetched when first opened; the chosen emoji ends the text and the picker closes.
  await dialog.getByRole('button', { name: 'Add emoji' }).click();
  await dialog.getByRole('gridcell', { name: 'grinning face', exact: true }).click();
  await expect(dialog.getByPlaceholder("What's on your mind?")).toHaveValue(`${text} 😀`);
  await expect(dialog.getByTestId('emoji-panel')).toBeHidden();
  await dialog.getByLabel('Add images').setInputFiles({ name: 'lake.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'lake.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();

  const own = postIn(authorPage, text);
  await expect(own).toHaveCount(1);
  await expect(own.getByText(author.user.username)).toBeVisible();
  await expect(own.getByRole('link', { name: '#golden' })).toBeVisible();
  await expect(own.locator('img[src^="/media/"]')).toHaveCount(1);

  // The reader sees it arrive without reloading, at the top of the feed, once.
  const seen = postIn(readerPage, text);
  await expect(seen).toHaveCount(1);
  await expect(feedList(readerPage).locator('article').first()).toContainText(text);
  await expect(seen.locator('img[src^="/media/"]')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // The reader likes it; the author sees the count change live.
  await seen.getByRole('button', { name: /^Like/ }).click();
  await expect(seen.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(seen.getByTestId('likes-count')).toHaveText('1');
  await expect(own.getByTestId('likes-count')).toHaveText('1');

  // The reader comments; the author's comment count follows.
  await seen.getByRole('button', { name: /^Comment/ }).click();
  await seen.getByPlaceholder('Write a comment...').fill('Beautiful colours');
  await seen.getByRole('button', { name: 'Send' }).click();
  await expect(seen.getByText('Beautiful colours')).toBeVisible();
  await expect(own.getByTestId('comments-count')).toHaveText('1');

  // The picture opens in the viewer and Escape closes it.
  await seen.getByRole('button', { name: 'Open picture 1 of 1' }).click();
  await expect(readerPage.getByRole('dialog', { name: 'Picture 1 of 1' })).toBeVisible();
  await readerPage.keyboard.press('Escape');
  await expect(readerPage.getByRole('dialog', { name: 'Picture 1 of 1' })).toBeHidden();

  // Everything was stored: after a reload both still see the post, its picture, the like and the comment count.
  await readerPage.reload();
  await authorPage.reload();
  const seenAgain = postIn(readerPage, text);
  await expect(seenAgain.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(seenAgain.getByTestId('likes-count')).toHaveText('1');
  await expect(seenAgain.getByTestId('comments-count')).toHaveText('1');
  await expect(seenAgain.locator('img[src^="/media/"]')).toBeVisible();
  const ownAgain = postIn(authorPage, text);
  await expect(ownAgain.getByTestId('likes-count')).toHaveText('1');
  await expect(ownAgain.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'false');

  // The author's profile card counts the post and the like it received.
  await authorPage.goto('/profile/posts');
  await expect(authorPage.getByTestId('stat-posts')).toHaveText('1 post');
  await expect(authorPage.getByTestId('stat-likes')).toHaveText('1 like');
});

test('an empty post is refused with the spec alert, and the author can edit and delete a post', async ({ browser, request }) => {
  const author = await member(request, 'cleo');
  const page = await signedInPage(browser, author);

  await page.getByRole('button', { name: "What's on your mind?" }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByRole('button', { name: 'Post' }).click();
  // The spec's alert, shown by the app's own dialog: OK goes back to the composer.
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Type something or attach an image.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(dialog).toBeVisible();

  const text = `Draft thought ${Date.now()}`;
  await dialog.getByPlaceholder("What's on your mind?").fill(text);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden();

  const post = postIn(page, text);
  await post.getByRole('button', { name: 'Edit' }).click();
  await post.getByLabel('Edit post text').fill(`${text} (revised)`);
  await post.getByRole('button', { name: 'Save' }).click();
  await expect(post.getByText(`${text} (revised)`)).toBeVisible();
  await expect(post.getByText('edited')).toBeVisible();

  await page.reload();
  await expect(postIn(page, `${text} (revised)`)).toHaveCount(1);
  await postIn(page, text).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(postIn(page, text)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Loading posts…')).toHaveCount(0);
  await expect(postIn(page, text)).toHaveCount(0);
});

test('Like, Comment and Share on a repost act on the original, seen live by its author, also after a visit to another page', async ({
  browser,
  request,
}) => {
  const author = await member(request, 'dora');
  const sharer = await member(request, 'eli');
  const text = `Mountain trail ${Date.now()}`;
  const created = await request.post('/api/posts/create', {
    headers: { authorization: `Bearer ${author.token}` },
    multipart: { post: text },
  });
  expect(created.status()).toBe(201);

  const authorPage = await signedInPage(browser, author);
  const sharerPage = await signedInPage(browser, sharer);
  const cardsOf = (page: Page) => postIn(page, text);
  const originalOf = (page: Page) => cardsOf(page).filter({ hasNotText: 'shared a post' });
  const repostOf = (page: Page) => cardsOf(page).filter({ hasText: 'shared a post' });
  await expect(originalOf(sharerPage)).toHaveCount(1);
  await expect(originalOf(authorPage)).toHaveCount(1);

  // The sharer reposts it: the repost arrives for the author, and the original counts the share on both screens.
  await originalOf(sharerPage)
    .getByRole('button', { name: /^Share/ })
    .click();
  await sharerPage.getByRole('dialog', { name: 'Share post' }).getByRole('button', { name: 'Share now' }).click();
  await expect(repostOf(sharerPage)).toHaveCount(1);
  await expect(repostOf(authorPage)).toHaveCount(1);
  await expect(originalOf(authorPage).getByTestId('shares-count')).toHaveText('1');
  // Share state is about me and the original: the sharer's repost card and the original both say 'Shared'; the author has shared nothing.
  await expect(repostOf(sharerPage).getByRole('button', { name: /share/i })).toHaveAttribute('aria-pressed', 'true');
  await expect(originalOf(sharerPage).getByRole('button', { name: /share/i })).toHaveAttribute('aria-pressed', 'true');
  await expect(repostOf(authorPage).getByRole('button', { name: /share/i })).toHaveAttribute('aria-pressed', 'false');

  // The sharer comments and likes on the repost card: both land on the original, live for the author.
  await repostOf(sharerPage)
    .getByRole('button', { name: /^Comment/ })
    .click();
  await repostOf(sharerPage).getByPlaceholder('Write a comment...').fill('Worth the climb');
  await repostOf(sharerPage).getByRole('button', { name: 'Send' }).click();
  await expect(repostOf(sharerPage).getByText('Worth the climb')).toBeVisible();
  await repostOf(sharerPage).getByRole('button', { name: /^Like/ }).click();
  await expect(originalOf(sharerPage).getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(originalOf(authorPage).getByTestId('comments-count')).toHaveText('1');
  await expect(originalOf(authorPage).getByTestId('likes-count')).toHaveText('1');
  await expect(repostOf(authorPage).getByTestId('likes-count')).toHaveText('1');
  await originalOf(authorPage)
    .getByRole('button', { name: /^Comment/ })
    .click();
  await expect(originalOf(authorPage).getByText('Worth the climb')).toBeVisible();

  // The author steps away from the feed (in the app, no reload) while the sharer deletes the comment and undoes the share.
  await authorPage.getByRole('link', { name: /^Chats/ }).click();
  await expect(authorPage).toHaveURL(/chat/);
  await repostOf(sharerPage).getByRole('button', { name: 'Delete comment: Worth the climb' }).click();
  await expect(originalOf(sharerPage).getByTestId('comments-count')).toHaveText('0');
  await repostOf(sharerPage).getByRole('button', { name: 'Delete', exact: true }).click();
  await sharerPage.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(repostOf(sharerPage)).toHaveCount(0);
  await expect(originalOf(sharerPage).getByRole('button', { name: /share/i })).toHaveAttribute('aria-pressed', 'false');
  await expect(originalOf(sharerPage).getByTestId('shares-count')).toHaveText('0');

  // Back on the feed, the author sees all of it without reloading.
  await authorPage.getByRole('link', { name: 'Tribeverse home' }).click();
  await expect(repostOf(authorPage)).toHaveCount(0);
  await expect(originalOf(authorPage).getByTestId('shares-count')).toHaveText('0');
  await expect(originalOf(authorPage).getByTestId('comments-count')).toHaveText('0');

  // Sharing again from the original and undoing it from there works the same way.
  await originalOf(sharerPage)
    .getByRole('button', { name: /^Share/ })
    .click();
  await sharerPage.getByRole('dialog', { name: 'Share post' }).getByRole('button', { name: 'Share now' }).click();
  await expect(repostOf(authorPage)).toHaveCount(1);
  await originalOf(sharerPage)
    .getByRole('button', { name: /^Undo share/ })
    .click();
  await expect(repostOf(authorPage)).toHaveCount(0);
  await expect(originalOf(authorPage).getByTestId('shares-count')).toHaveText('0');
});
