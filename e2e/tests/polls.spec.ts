import type { Page } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { createGroup } from '../support/groups.ts';
import { registerMember, signedInContext, type Member } from '../support/members.ts';

/** A phone: 390×844, touch, its browser in mobile mode. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1280, height: 800 } };

const pollIn = (page: Page, question: string) => page.getByRole('region', { name: `Poll: ${question}` });
const option = (page: Page, question: string, text: string) =>
  pollIn(page, question).getByRole('button', { name: new RegExp(`^${text}:`) });

/** Fills the poll dialog: a question, its options (a third added), and the toggles asked for. */
async function fillPoll(page: Page, question: string, options: string[], tap: boolean) {
  const dialog = page.getByRole('dialog', { name: 'New poll' });
  await dialog.getByLabel('Question').fill(question);
  const field = (n: number) => dialog.getByRole('textbox', { name: `Option ${n}`, exact: true });
  await field(1).fill(options[0]!);
  await field(2).fill(options[1]!);
  for (const [i, text] of options.slice(2).entries()) {
    const add = dialog.getByRole('button', { name: 'Add option' });
    if (tap) await add.tap();
    else await add.click();
    // The new field has the focus: typing goes straight into it.
    await expect(field(i + 3)).toBeFocused();
    await page.keyboard.type(text);
  }
  return dialog;
}

test('in a group, a poll is made from the composer, voted on by keyboard, changed and closed, live for everyone', async ({
  browser,
  page: setup,
  a11y,
}) => {
  test.setTimeout(120_000);
  const [ada, ben, cy] = await Promise.all(['Ada', 'Ben', 'Cy'].map((label) => registerMember(setup.request, label)));
  const { id: groupId } = await createGroup(setup.request, ada, 'Picnic', [ben, cy]);
  const open = async (member: Member) => {
    const { page } = await signedInContext(browser, member, desktop);
    a11y.track(page);
    await page.goto(`/scan-chat/private/group/${groupId}`);
    await expect(page.getByPlaceholder('Type a message')).toBeVisible();
    return page;
  };
  const a = await open(ada);
  const b = await open(ben);

  const question = 'Where do we meet?';
  await a.getByRole('button', { name: 'Poll' }).click();
  const dialog = await fillPoll(a, question, ['Park', 'Cafe', 'Library'], false);
  await a11y.check(a, 'the poll dialog');
  await dialog.getByRole('button', { name: 'Create poll' }).click();
  await expect(dialog).toBeHidden();

  // Both see it at once, open, nobody's vote yet.
  for (const page of [a, b]) {
    await expect(pollIn(page, question)).toContainText('0 votes');
    await expect(option(page, question, 'Park')).toHaveAttribute('aria-pressed', 'false');
  }

  // Ben votes by keyboard; Ada sees the vote and who cast it, without reloading.
  await option(b, question, 'Cafe').focus();
  await b.keyboard.press('Enter');
  await expect(option(b, question, 'Cafe')).toHaveAttribute('aria-pressed', 'true');
  await expect(option(a, question, 'Cafe')).toHaveAccessibleName('Cafe: 1 vote, 100%');
  await expect(pollIn(a, question)).toContainText(ben.name);
  await a11y.check(a, 'a group with a poll');

  // He changes his mind: still one vote, now on Park.
  await option(b, question, 'Park').click();
  await expect(option(a, question, 'Park')).toHaveAccessibleName('Park: 1 vote, 100%');
  await expect(option(a, question, 'Cafe')).toHaveAccessibleName('Cafe: 0 votes, 0%');
  await expect(pollIn(a, question)).toContainText('1 vote');

  // Ada closes it: Ben can no longer vote, and his vote stays.
  await pollIn(a, question).getByRole('button', { name: 'Close poll' }).click();
  await expect(pollIn(b, question)).toContainText('Closed');
  await expect(option(b, question, 'Library')).toBeDisabled();
  await expect(option(b, question, 'Park')).toHaveAttribute('aria-pressed', 'true');
});

test('on a phone, a post carries an anonymous poll that readers vote on by touch, results live', async ({ browser, page: setup, a11y }) => {
  test.setTimeout(120_000);
  const [author, reader] = await Promise.all(['Ada', 'Ben'].map((label) => registerMember(setup.request, label)));
  const a = (await signedInContext(browser, author, phone)).page;
  const r = (await signedInContext(browser, reader, phone)).page;
  for (const page of [a, r]) {
    a11y.track(page);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: "What's on your mind?" })).toBeVisible();
    await expect(page.getByText('Loading posts…')).toHaveCount(0);
  }

  const question = `Which book next? ${Date.now().toString(36)}`;
  await a.getByRole('button', { name: "What's on your mind?" }).tap();
  const compose = a.getByRole('dialog', { name: 'Create Post' });
  await compose.getByRole('button', { name: 'Poll' }).tap();
  const dialog = await fillPoll(a, question, ['Dune', 'Emma', 'Ulysses'], true);
  await dialog.getByLabel('Allow several choices').tap();
  await dialog.getByLabel('Anonymous: nobody sees who voted').tap();
  await expect(dialog.getByRole('button', { name: 'Add poll' })).toBeInViewport();
  await dialog.getByRole('button', { name: 'Add poll' }).tap();
  await expect(compose).toContainText(`Poll: ${question}`);
  await compose.getByRole('button', { name: 'Post' }).tap();
  await expect(compose).toBeHidden();

  // The reader's feed shows the post and its poll without reloading; two taps choose two books.
  await expect(pollIn(r, question)).toContainText('Multiple choice, anonymous');
  await option(r, question, 'Dune').tap();
  await expect(option(r, question, 'Dune')).toHaveAttribute('aria-pressed', 'true');
  await option(r, question, 'Ulysses').tap();
  await expect(option(r, question, 'Ulysses')).toHaveAttribute('aria-pressed', 'true');
  await expect(option(r, question, 'Ulysses')).toBeInViewport();
  await a11y.check(r, 'the feed with a poll on a phone');

  // The author sees the counts, and never who voted.
  await expect(option(a, question, 'Ulysses')).toHaveAccessibleName('Ulysses: 1 vote, 100%');
  await expect(option(a, question, 'Dune')).toHaveAccessibleName('Dune: 1 vote, 100%');
  await expect(pollIn(a, question)).not.toContainText(reader.name);
  await a11y.check(a, 'the author’s feed with a poll on a phone');
});
