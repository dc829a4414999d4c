import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { createGroup } from '../support/groups.ts';
import { registerMember, signedInContext, type Member } from '../support/members.ts';

/**
 * Search finds a word written long ago in a group, and opening the result lands on that very message: the history
 * loads around it, marks it, and loads the rest both ways as the member scrolls. On a desktop through Ctrl+K and the
 * keyboard, on a phone through the main menu and taps.
 */

async function send(request: APIRequestContext, member: Member, groupId: number, text: string) {
  const res = await request.post(`/api/chat/groups/${groupId}/send`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: { text },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { message: { id: number } }).message;
}

test('a word from long ago in a group is found, and its result opens the history at that message', async ({
  browser,
  page: setup,
  a11y,
}) => {
  test.setTimeout(180_000);
  const { request } = setup;
  // A group holds at least two people besides its creator.
  const [ada, ben, cy] = await Promise.all(['Ada', 'Ben', 'Cy'].map((label) => registerMember(request, label)));
  const group = await createGroup(request, ada, 'Trail club', [ben, cy]);
  // A word nobody else has written, in message 11 of 100: far older than the page a conversation opens on.
  const word = `zephyr${Date.now().toString(36)}`;
  for (let i = 1; i <= 10; i++) await send(request, i % 2 ? ada : ben, group.id, `filler ${i}`);
  const found = await send(request, ben, group.id, `Meet at the ${word} gate at eight`);
  for (let i = 12; i <= 100; i++) await send(request, i % 2 ? ada : ben, group.id, `filler ${i}`);

  // Wide enough for the header's box (narrower screens have a button to the search screen instead).
  const { context, page } = await signedInContext(browser, ada, { viewport: { width: 1600, height: 900 } });
  await page.goto('/home');
  await expect(page.getByRole('banner').getByRole('searchbox')).toBeVisible();
  // Checked from the search screen on: the feed has journeys of its own.
  a11y.track(page);
  await page.keyboard.press('ControlOrMeta+k');
  const box = page.getByRole('banner').getByRole('searchbox');
  await expect(box).toBeFocused();

  // Nothing matches: said so.
  await box.fill(`${word}x`);
  await expect(page.getByText(`No results for “${word}x”.`)).toBeVisible();
  await a11y.check(page, 'search with no results');

  await box.fill(word);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  const results = page.getByRole('list', { name: 'Messages found' });
  const result = results.getByRole('link').first();
  await expect(result).toContainText('Trail club');
  await expect(result).toContainText(ben.name);
  await expect(result.locator('mark')).toHaveText(word);
  await a11y.check(page, 'message results');
  // Narrowed to the group by the button beside the result: the box says so, the chip names the group.
  await page.getByRole('button', { name: 'Search only in Trail club' }).click();
  await expect(box).toHaveValue(`${word} in:group:${group.id}`);
  await expect(page.getByRole('group', { name: 'Filter messages' })).toContainText('In Trail club');
  await expect(result.locator('mark')).toHaveText(word);
  await a11y.check(page, 'message results in one group');

  // The keyboard: down into the results, Enter opens the first.
  await box.press('ArrowDown');
  await expect(result).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/scan-chat/private/group/${group.id}\\?around=${found.id}$`));
  const list = page.getByTestId('message-list');
  const landed = list.locator(`[data-message-id="${found.id}"]`);
  await expect(landed).toBeInViewport();
  await expect(landed).toBeFocused();
  await expect(landed).toHaveAttribute('data-jumped', '');
  await expect(landed).toContainText(word);
  // Only the messages around it are loaded: not yet the latest.
  await expect(list.getByText('filler 100', { exact: true })).toHaveCount(0);
  await a11y.check(page, 'group opened at a found message');

  // Scrolling down loads the newer messages up to the latest; scrolling up, the older ones from the first.
  await expect
    .poll(async () => {
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
      return list.getByText('filler 100', { exact: true }).count();
    })
    .toBe(1);
  await expect
    .poll(async () => {
      await list.evaluate((el) => (el.scrollTop = 0));
      return list.getByText('filler 1', { exact: true }).count();
    })
    .toBe(1);
  await context.close();

  // On a phone: Search in the main menu opens the search screen, whose own box takes the words; a tap opens the result.
  const phone = await signedInContext(browser, ada, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.page.goto('/home');
  a11y.track(phone.page);
  await phone.page.getByRole('banner').getByRole('button', { name: 'Open menu' }).tap();
  await phone.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Search' }).tap();
  const phoneBox = phone.page.getByRole('main').getByRole('searchbox');
  await expect(phoneBox).toBeFocused();
  await phoneBox.fill(word);
  const phoneResult = phone.page.getByRole('list', { name: 'Messages found' }).getByRole('link').first();
  await expect(phoneResult).toContainText('Trail club');
  await a11y.check(phone.page, 'message results on a phone');
  await phoneResult.tap();
  const phoneLanded = phone.page.getByTestId('message-list').locator(`[data-message-id="${found.id}"]`);
  await expect(phoneLanded).toBeInViewport();
  await expect(phoneLanded).toHaveAttribute('data-jumped', '');
  await a11y.check(phone.page, 'group opened at a found message on a phone');
  await phone.context.close();
});
