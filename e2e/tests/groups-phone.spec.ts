import { expect, test, type Page } from '@playwright/test';
import { registerMember, signedInContext, type Member } from '../support/members.ts';

/** A phone: 390×844, touch, its browser in mobile mode. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const messages = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });

test('on a phone a group is made, talked in both ways and its info panel opened, all by touch', async ({ browser, page: setup }) => {
  test.setTimeout(90_000);
  const [ada, ben, cy] = await Promise.all(['Ada', 'Ben', 'Cy'].map((label) => registerMember(setup.request, label)));
  const a = await signedInContext(browser, ada, phone);
  const b = await signedInContext(browser, ben, phone);
  await b.page.goto('/scan-chat/private');
  await a.page.goto('/scan-chat/private');

  // 'New group' is in reach beside the search box, and its dialog fits the screen.
  await a.page.getByRole('button', { name: 'New group' }).tap();
  const dialog = a.page.getByRole('dialog', { name: 'New group' });
  const name = `Hike ${Date.now().toString(36)}`;
  await dialog.getByLabel('Group name').fill(name);
  const pick = async (person: Member) => {
    await dialog.getByLabel('Search people').fill(person.name);
    const box = dialog.getByRole('checkbox', { name: person.name });
    await box.tap();
    await expect(box).toBeChecked();
  };
  await pick(ben);
  await pick(cy);
  await expect(dialog.getByRole('list', { name: 'Picked' }).getByRole('listitem')).toHaveCount(2);
  const create = dialog.getByRole('button', { name: 'Create group' });
  await expect(create).toBeInViewport();
  await create.tap();
  await expect(a.page).toHaveURL(/\/scan-chat\/private\/group\/\d+$/);
  const groupId = Number(new URL(a.page.url()).pathname.split('/').pop());
  // The conversation has the screen: the list is out of the way, the composer in view.
  await expect(a.page.getByRole('heading', { name })).toBeVisible();
  await expect(a.page.getByPlaceholder('Search users...')).toBeHidden();
  await expect(a.page.getByPlaceholder('Type a message')).toBeInViewport();

  // Ben's list shows it live; a tap opens it.
  const row = conversations(b.page).getByRole('button', { name: new RegExp(name) });
  await expect(row).toContainText(`${ada.name} created the group`);
  await row.tap();
  await expect(b.page).toHaveURL(new RegExp(`/scan-chat/private/group/${groupId}$`));

  // A live exchange, sent with the Send button (on a touch screen Enter is a new line).
  const adaBox = a.page.getByPlaceholder('Type a message');
  await adaBox.tap();
  await adaBox.pressSequentially('Meet at the station?');
  await a.page.getByRole('button', { name: 'Send' }).tap();
  await expect(messages(b.page, 'Meet at the station?')).toHaveAttribute('data-own', 'false');
  const benBox = b.page.getByPlaceholder('Type a message');
  await benBox.tap();
  await benBox.pressSequentially('Yes, 8:00');
  await b.page.getByRole('button', { name: 'Send' }).tap();
  await expect(messages(a.page, 'Yes, 8:00')).toHaveAttribute('data-own', 'false');
  await expect(messages(a.page, 'Meet at the station?')).toContainText('Seen by 1');

  // The info panel: members and their roles, and the way out of it.
  await b.page.getByRole('button', { name: 'Group info' }).tap();
  const info = b.page.getByRole('dialog', { name: 'Group info' });
  await expect(info).toBeInViewport();
  const members = info.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(3);
  await expect(members.getByRole('listitem').filter({ hasText: ada.name })).toContainText('Admin');
  await expect(members.getByRole('listitem').filter({ hasText: ben.name })).toContainText('(you)');
  // Ben is not an admin: nobody to remove, no rename.
  await expect(info.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(info.getByRole('button', { name: 'Leave group' })).toBeInViewport();
  await info.getByRole('button', { name: 'Close' }).tap();
  await expect(info).toBeHidden();

  // Ada's panel offers her the admin's tools, within the screen.
  await a.page.getByRole('button', { name: 'Group info' }).tap();
  const adaInfo = a.page.getByRole('dialog', { name: 'Group info' });
  await expect(adaInfo.getByLabel('Group name')).toHaveValue(name);
  await expect(adaInfo.getByRole('button', { name: `Remove ${cy.name}` })).toBeVisible();
  await adaInfo.getByRole('button', { name: 'Close' }).tap();

  // Back goes to the list, where the group is at the top with Ben's message.
  await b.page.getByRole('link', { name: 'Back to chats' }).tap();
  await expect(b.page).toHaveURL(/\/scan-chat\/private$/);
  await expect(conversations(b.page).getByRole('button').first()).toContainText('You: Yes, 8:00');

  await a.context.close();
  await b.context.close();
});
