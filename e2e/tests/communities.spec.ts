import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

const desktop = { viewport: { width: 1280, height: 800 } };

test('a member creates a community, a second joins by invite link, they chat live and the count of people chatting follows', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann, desktop);
  const name = `Hikers ${Date.now().toString(36)}`;

  // Create: name, description, public, the paid flag shown as a badge.
  await a.page.goto('/communities');
  await a.page.getByRole('button', { name: 'Create community' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Create community' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Weekend hikes around Lagos');
  await dialog.getByLabel('Paid membership').check();
  await dialog.getByRole('button', { name: 'Create community' }).click();
  await expect(a.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(a.page.getByText('Paid membership')).toBeVisible();
  await expect(a.page.getByText('You are the owner of this community')).toBeVisible();
  const communityId = Number(/\/communities\/(\d+)/.exec(a.page.url())![1]);

  // Her profile's Created communities tab lists it (image, heading, title, desc).
  await a.page.goto('/profile/created-community');
  await expect(a.page.getByRole('list', { name: 'Created communities' }).getByRole('link', { name: new RegExp(name) })).toBeVisible();

  // The list shows it too, found by its name.
  await a.page.goto('/communities');
  await a.page.getByPlaceholder('Search communities...').fill(name.slice(0, 8));
  await expect(a.page.getByTestId('community-card').filter({ hasText: name })).toBeVisible();

  // An invite link for one use, copied from the Invites tab.
  await a.page.goto(`/communities/${communityId}/invites`);
  await a.page.getByLabel('Use limit (optional)').fill('1');
  await a.page.getByRole('button', { name: 'Create invite link' }).click();
  const link = await a.page.getByLabel('New invite link').inputValue();
  expect(link).toMatch(/\/invite\/\S+$/);

  // Ann waits in the chat, alone.
  await a.page.goto(`/scan-chat/community/${communityId}`);
  await expect(a.page.getByTestId('chatting-count')).toHaveText('1 person currently chatting');
  await expect(
    a.page.getByText(
      "Messages here are kept on our server and seen by the community's members, and by its moderators when reported. They are not end-to-end encrypted.",
    ),
  ).toBeVisible();

  // Bob opens the link, accepts, and is in the chat: Ann's count goes up at once.
  const b = await signedInContext(browser, bob, desktop);
  await b.page.goto(new URL(link).pathname);
  await expect(b.page.getByRole('heading', { name })).toBeVisible();
  await b.page.getByRole('button', { name: 'Accept invite' }).click();
  await expect(b.page).toHaveURL(new RegExp(`/scan-chat/community/${communityId}$`));
  await expect(a.page.getByTestId('chatting-count')).toHaveText('2 people currently chatting');
  await expect(b.page.getByTestId('chatting-count')).toHaveText('2 people currently chatting');

  // They talk live; each message carries its sender's name.
  await b.page.getByPlaceholder('Type a message').fill('Hello from Bob');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  const fromBob = a.page.getByTestId('message').filter({ hasText: 'Hello from Bob' });
  await expect(fromBob).toBeVisible();
  await expect(fromBob).toContainText(bob.name);
  await a.page.getByPlaceholder('Type a message').fill('Welcome, Bob!');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByTestId('message').filter({ hasText: 'Welcome, Bob!' })).toBeVisible();
  // Sent once: no duplicate from the ack and the broadcast.
  await expect(a.page.getByTestId('message').filter({ hasText: 'Welcome, Bob!' })).toHaveCount(1);

  // Edit and react reach the other side live.
  const mine = a.page.getByTestId('message').filter({ hasText: 'Welcome, Bob!' });
  // On a wide screen a message's actions button shows on hover, as in Discord; nothing shows before.
  const actionsOf = (message: typeof mine) => message.getByRole('button', { name: 'Message actions' });
  await expect(actionsOf(mine)).toHaveCSS('opacity', '0');
  await mine.hover();
  await expect(actionsOf(mine)).toHaveCSS('opacity', '1');
  await actionsOf(mine).click();
  await a.page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Edit' }).click();
  await a.page.getByPlaceholder('Type a message').fill('Welcome aboard, Bob!');
  await a.page.getByRole('button', { name: 'Save' }).click();
  const edited = b.page.getByTestId('message').filter({ hasText: 'Welcome aboard, Bob!' });
  await expect(edited).toContainText('edited');
  await edited.hover();
  await actionsOf(edited).click();
  await b.page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitemcheckbox', { name: 'React 👍' }).click();
  await expect(
    a.page.getByTestId('message').filter({ hasText: 'Welcome aboard, Bob!' }).getByRole('button', { name: /👍 1/ }),
  ).toBeVisible();

  // Away from the chat, Bob's new message lights Ann's header counter and the list's badge; reading clears both.
  await a.page.goto('/home');
  // Nothing unread: no counter at all.
  await expect(a.page.getByRole('link', { name: 'Community chats: 0 unread' })).toBeVisible();
  await expect(a.page.getByTestId('communities-unread')).toHaveCount(0);
  await b.page.getByPlaceholder('Type a message').fill('Are you there?');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  await expect(a.page.getByTestId('communities-unread')).toHaveText('1');
  await a.page.getByRole('link', { name: /Community chats: 1 unread/ }).click();
  await expect(a.page.getByRole('link', { name: `${name}, 1 unread` })).toBeVisible();
  await a.page.getByRole('link', { name: `${name}, 1 unread` }).click();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Are you there?' })).toBeVisible();
  await expect(a.page.getByTestId('communities-unread')).toHaveCount(0);

  // The link was for one use: a third member is told it no longer works.
  const cy = await registerMember(setup.request, 'Cy');
  const c = await signedInContext(browser, cy, desktop);
  await c.page.goto(new URL(link).pathname);
  await expect(c.page.getByRole('heading', { name: 'This invite does not work' })).toBeVisible();
  await c.context.close();

  // Bob goes away: Ann sees the count drop.
  await b.context.close();
  await expect(a.page.getByTestId('chatting-count')).toHaveText('1 person currently chatting');
  await a.context.close();
});
