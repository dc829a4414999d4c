import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { longPress, phone } from '../support/touch.ts';
import { PNG, registerMember, signedInContext } from '../support/members.ts';

const bubble = (page: Page, text: string | RegExp) => page.getByTestId('message').filter({ hasText: text }).getByTestId('message-bubble');

test('on a phone a long press reacts, replies, edits and deletes; messages take several lines and files go with a caption', async ({
  browser,
  page: setup,
  a11y,
}) => {
  // A long journey: two browsers and axe in two themes at five points.
  test.setTimeout(120_000);
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann, phone);
  const b = await signedInContext(browser, bob, { viewport: { width: 1280, height: 800 } });
  a11y.track(a.page);
  a11y.track(b.page);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await expect(a.page.getByText('No messages yet. Say hello!')).toBeVisible();
  // The peer's name stays readable on a phone: Block waits in the header's menu.
  await expect(a.page.getByRole('heading', { name: bob.name })).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Block' })).toHaveCount(0);
  await a.page.getByRole('button', { name: 'Chat options' }).tap();
  await expect(a.page.getByRole('menuitem', { name: 'Block' })).toBeVisible();
  await a.page.keyboard.press('Escape');
  await expect(a.page.getByRole('button', { name: 'Chat options' })).toBeFocused();

  // Several lines: on a touch screen the keyboard's Enter is a new line, the Send button sends.
  const box = a.page.getByPlaceholder('Type a message');
  await box.tap();
  await box.pressSequentially('Line one');
  await box.press('Enter');
  await box.pressSequentially('Line two');
  await expect(box).toHaveValue('Line one\nLine two');
  await a.page.getByRole('button', { name: 'Send' }).tap();
  await expect(bubble(b.page, 'Line one')).toHaveText(/Line one\nLine two/);
  await expect(box).toHaveValue('');
  await a11y.check(a.page, 'phone chat');
  await a11y.check(b.page, 'desktop chat');

  // Bob writes with a link: it opens apart from the app.
  await b.page.getByPlaceholder('Type a message').fill('See https://example.com/plan for the plan');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  const link = bubble(a.page, 'for the plan').getByRole('link', { name: 'https://example.com/plan' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');

  // Long press → react.
  let menu = await longPress(a.page, bubble(a.page, 'for the plan'));
  await a11y.check(a.page, 'message actions menu');
  await menu.getByRole('menuitemcheckbox', { name: 'React 👍' }).tap();
  await expect(menu).toBeHidden();
  await expect(b.page.getByTestId('message').filter({ hasText: 'for the plan' }).getByRole('button', { name: /👍 1/ })).toBeVisible();

  // Long press → reply.
  menu = await longPress(a.page, bubble(a.page, 'for the plan'));
  await menu.getByRole('menuitem', { name: 'Reply' }).tap();
  await expect(a.page.getByText(/Replying to: See https/)).toBeVisible();
  await box.pressSequentially('Looks good');
  await a.page.getByRole('button', { name: 'Send' }).tap();
  await expect(bubble(b.page, 'Looks good')).toContainText('See https://example.com/plan for the plan');

  // Long press → edit her own message.
  menu = await longPress(a.page, bubble(a.page, 'Looks good'));
  await menu.getByRole('menuitem', { name: 'Edit' }).tap();
  await expect(box).toHaveValue('Looks good');
  await box.fill('Looks great');
  await a.page.getByRole('button', { name: 'Save' }).tap();
  await expect(bubble(b.page, 'Looks great')).toContainText('edited');

  // Long press → delete for everyone: gone for Bob too.
  menu = await longPress(a.page, bubble(a.page, 'Looks great'));
  await menu.getByRole('menuitem', { name: /Delete/ }).tap();
  const ask = a.page.getByRole('alertdialog', { name: 'Delete message?' });
  await a11y.check(a.page, 'delete question');
  await ask.getByRole('button', { name: 'Delete for everyone' }).tap();
  await expect(b.page.getByTestId('message').filter({ hasText: 'Message deleted' })).toHaveCount(1);
  await expect(b.page.getByTestId('message').filter({ hasText: 'Looks great' })).toHaveCount(0);

  // Long press → delete Bob's message for herself only: Bob keeps it.
  menu = await longPress(a.page, bubble(a.page, 'for the plan'));
  await menu.getByRole('menuitem', { name: /Delete/ }).tap();
  await expect(ask.getByRole('button', { name: 'Delete for everyone' })).toHaveCount(0);
  await ask.getByRole('button', { name: 'Delete for me' }).tap();
  await expect(a.page.getByTestId('message').filter({ hasText: 'for the plan' })).toHaveCount(0);
  await a.page.reload();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Line one' })).toBeVisible();
  await expect(a.page.getByTestId('message').filter({ hasText: 'for the plan' })).toHaveCount(0);
  await expect(b.page.getByTestId('message').filter({ hasText: 'for the plan' })).toHaveCount(1);

  // A file waits in a preview for its caption, and can be taken back.
  await a.page.getByLabel('Attach a file').setInputFiles({ name: 'wrong.txt', mimeType: 'text/plain', buffer: Buffer.from('oops') });
  await a.page.getByRole('button', { name: 'Remove wrong.txt' }).tap();
  await expect(a.page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  await a.page.getByLabel('Attach a file').setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: PNG });
  await expect(a.page.getByRole('list', { name: 'Files to send' }).getByRole('img', { name: 'beach.png' })).toBeVisible();
  await a11y.check(a.page, 'file preview');
  await a.page.getByRole('textbox', { name: 'Caption' }).fill('At the beach');
  await a.page.getByRole('button', { name: 'Send' }).tap();
  const picture = b.page.getByTestId('message').filter({ hasText: 'At the beach' });
  await expect(picture.getByRole('img', { name: 'beach.png' })).toBeVisible();
  await expect(b.page.getByTestId('message').filter({ hasText: 'wrong.txt' })).toHaveCount(0);

  // On a desktop a right click opens the same menu; Escape closes it and gives focus back to the message's button.
  await bubble(b.page, 'At the beach').click({ button: 'right' });
  const desktopMenu = b.page.getByRole('menu', { name: 'Message actions' });
  await expect(desktopMenu.getByRole('menuitem', { name: 'Reply' })).toBeVisible();
  await b.page.keyboard.press('Escape');
  await expect(desktopMenu).toBeHidden();
  await expect(
    b.page.getByTestId('message').filter({ hasText: 'At the beach' }).getByRole('button', { name: 'Message actions' }),
  ).toBeFocused();

  await a.context.close();
  await b.context.close();
});

/** Pulls the element to the left with one finger, in small steps as a thumb would, and lifts it. */
async function swipeLeft(page: Page, target: Locator, distance: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width - 8;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 8; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - (distance * step) / 8, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone a message pulled to the left is replied to; a short pull is not', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann, phone);
  const b = await signedInContext(browser, bob, { viewport: { width: 1280, height: 800 } });
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await b.page.getByPlaceholder('Type a message').fill('Dinner at eight?');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  const message = bubble(a.page, 'Dinner at eight?');
  await expect(message).toBeVisible();

  await swipeLeft(a.page, message, 25);
  await expect(a.page.getByText(/Replying to/)).toHaveCount(0);

  await swipeLeft(a.page, message, 90);
  await expect(a.page.getByText('Replying to: Dinner at eight?')).toBeVisible();
  // The message settles back in place.
  await expect(message).not.toHaveAttribute('style', /translateX/);
  await a.page.getByPlaceholder('Type a message').pressSequentially('Sure');
  await a.page.getByRole('button', { name: 'Send' }).tap();
  await expect(bubble(b.page, 'Sure')).toContainText('Dinner at eight?');

  await a.context.close();
  await b.context.close();
});
