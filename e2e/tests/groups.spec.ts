import { expect, test, type Page } from '@playwright/test';
import { createGroup as createGroupByApi } from '../support/groups.ts';
import { PNG, registerMember, signedInContext, type Member } from '../support/members.ts';

const desktop = { viewport: { width: 1280, height: 800 } };

const messages = (page: Page, text: string | RegExp) => page.getByTestId('message').filter({ hasText: text });
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
/** A line the group wrote itself, in the open conversation (the list's row may say it too). */
const systemLine = (page: Page, text: string) => page.getByTestId('system-line').filter({ hasText: text });

/** Ada's way to a new group: 'New group' beside the list, a name, each person found by name and ticked. */
async function createGroup(page: Page, name: string, people: Member[]) {
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel('Group name').fill(name);
  for (const person of people) {
    await dialog.getByLabel('Search people').fill(person.name);
    await dialog.getByRole('checkbox', { name: person.name }).check();
  }
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/scan-chat\/private\/group\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/**
 * Cuts the page off the chat server (its socket, and a group's HTTP sends) while `offline` is set on the returned
 * switch, which also counts the group messages sent over the socket (as chat-outbox.spec.ts does for direct chats).
 */
async function cutOff(page: Page) {
  const net = { offline: true, socketSends: 0 };
  await page.routeWebSocket('**/socket.io/**', (ws) => {
    if (net.offline) return void ws.send('x');
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      if (String(frame).includes('"group:send"')) net.socketSends += 1;
      server.send(frame);
    });
  });
  await page.route('**/api/chat/groups/*/send', (route) => (net.offline ? route.abort('internetdisconnected') : route.continue()));
  return net;
}

test('a group of three: made from the list, live both ways with replies, reactions and Seen by; a removal and a rename reach the others', async ({
  browser,
  page: setup,
}) => {
  // Three browsers and every kind of group event, one after the other.
  test.setTimeout(120_000);
  const [ada, ben, cy] = await Promise.all(['Ada', 'Ben', 'Cy'].map((label) => registerMember(setup.request, label)));
  const a = await signedInContext(browser, ada, desktop);
  const b = await signedInContext(browser, ben, desktop);
  const c = await signedInContext(browser, cy, desktop);
  await b.page.goto('/scan-chat/private');
  await c.page.goto('/scan-chat/private');
  await a.page.goto('/scan-chat/private');
  await expect(b.page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');

  const name = `Trip ${Date.now().toString(36)}`;
  const groupId = await createGroup(a.page, name, [ben, cy]);
  await expect(a.page.getByRole('heading', { name })).toBeVisible();
  await expect(a.page.getByTestId('group-status')).toHaveText('3 members');
  await expect(systemLine(a.page, 'You created the group')).toBeVisible();

  // Ben's list shows the group without a reload, with the line the group wrote itself.
  const benRow = conversations(b.page).getByRole('button', { name: new RegExp(name) });
  await expect(benRow).toBeVisible();
  await expect(benRow).toContainText(`${ada.name} created the group`);
  await expect(b.page.getByRole('tab', { name: 'Chats' })).toHaveAttribute('aria-selected', 'true');

  // Ada writes before Ben opens it: his row counts it, her message is sent but not seen.
  await a.page.getByPlaceholder('Type a message').fill('Hello team');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(a.page, 'Hello team')).toHaveAttribute('data-own', 'true');
  await expect(benRow).toContainText('Hello team');
  await expect(b.page.getByTestId(`unread-group-${groupId}`)).toHaveText('1');
  // The header's Chats counter counts it too: groups sit in the same list as the direct chats.
  await expect(b.page.getByTestId('chats-unread')).toHaveText('1');
  await expect(messages(a.page, 'Hello team').getByLabel('Sent')).toBeVisible();
  await expect(messages(a.page, 'Hello team')).not.toContainText('Seen by');

  // Ben opens the group: the message, who wrote it, and now Ada sees that he read it.
  await benRow.click();
  await expect(b.page).toHaveURL(new RegExp(`/scan-chat/private/group/${groupId}$`));
  await expect(systemLine(b.page, `${ada.name} created the group`)).toBeVisible();
  await expect(messages(b.page, 'Hello team')).toHaveAttribute('data-own', 'false');
  await expect(messages(b.page, 'Hello team')).toContainText(ada.name);
  await expect(b.page.getByTestId(`unread-group-${groupId}`)).toBeHidden();
  await expect(b.page.getByTestId('chats-unread')).toBeHidden();
  await expect(messages(a.page, 'Hello team')).toContainText('Seen by 1');
  await expect(messages(a.page, 'Hello team').getByLabel('Read')).toBeVisible();

  // Typing shows in the header on the other side.
  await b.page.getByPlaceholder('Type a message').pressSequentially('Cou', { delay: 30 });
  await expect(a.page.getByTestId('group-status')).toHaveText(`${ben.name} is typing…`);
  await b.page.getByPlaceholder('Type a message').fill('');

  // Ben replies to it, from its menu.
  await messages(b.page, 'Hello team').getByRole('button', { name: 'Message actions' }).click();
  await b.page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Reply' }).click();
  await expect(b.page.getByText(/Replying to: Hello team/)).toBeVisible();
  await b.page.getByPlaceholder('Type a message').fill('Count me in');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  const reply = messages(a.page, 'Count me in');
  await expect(reply).toHaveAttribute('data-own', 'false');
  await expect(reply.getByTestId('message-bubble')).toContainText('Hello team');
  await expect(reply).toContainText(ben.name);
  // Ada has the group open, so she read Ben's reply at once.
  await expect(messages(b.page, 'Count me in')).toContainText('Seen by 1');

  // Ada reacts to Ben's reply: Ben sees it.
  await reply.getByRole('button', { name: 'Message actions' }).click();
  await a.page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitemcheckbox', { name: 'React 👍' }).click();
  await expect(messages(b.page, 'Count me in').getByRole('button', { name: /👍 1/ })).toBeVisible();
  await expect(reply.getByRole('button', { name: '👍 1, yours' })).toBeVisible();
  // Taken back with a tap on it: gone on Ben's side too; then put on again.
  await reply.getByRole('button', { name: '👍 1, yours' }).click();
  await expect(messages(b.page, 'Count me in').getByRole('button', { name: /👍/ })).toHaveCount(0);
  await reply.getByRole('button', { name: 'Message actions' }).click();
  await a.page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitemcheckbox', { name: 'React 👍' }).click();
  await expect(messages(b.page, 'Count me in').getByRole('button', { name: '👍 1' })).toBeVisible();

  // A picture goes to the group with its caption; the others see it.
  await b.page.getByLabel('Attach a file').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
  await b.page.getByRole('textbox', { name: 'Caption' }).fill('The route');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(a.page, 'The route').getByRole('img', { name: 'map.png' })).toBeVisible();

  // Cy opens the group; Ada removes him from its info panel.
  await conversations(c.page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(messages(c.page, 'Count me in')).toBeVisible();
  await expect(messages(c.page, 'The route').getByRole('img', { name: 'map.png' })).toBeVisible();
  await a.page.getByRole('button', { name: 'Group info' }).click();
  const info = a.page.getByRole('dialog', { name: 'Group info' });
  await info.getByRole('button', { name: `Remove ${cy.name}` }).click();
  await a.page
    .getByRole('alertdialog', { name: `Remove ${cy.name}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(info.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
  await expect(c.page.getByText('You are no longer in this group.')).toBeVisible();
  await expect(c.page.getByPlaceholder('Type a message')).toHaveCount(0);
  await expect(conversations(c.page).getByRole('button', { name: new RegExp(name) })).toHaveCount(0);
  await expect(systemLine(b.page, `${ada.name} removed ${cy.name}`)).toBeVisible();
  await expect(conversations(b.page).getByRole('button', { name: new RegExp(name) })).toContainText(`removed ${cy.name}`);
  await expect(b.page.getByTestId('group-status')).toHaveText('2 members');
  // Nor does a reload give it back to him.
  await c.page.reload();
  await expect(c.page.getByText('You are no longer in this group.')).toBeVisible();
  await expect(c.page.getByPlaceholder('Type a message')).toHaveCount(0);

  // Ada renames the group: Ben's header and list follow.
  const renamed = `${name} (summer)`;
  await info.getByLabel('Group name').fill(renamed);
  await info.getByRole('button', { name: 'Save' }).click();
  await expect(b.page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(systemLine(b.page, `${ada.name} renamed the group to "${renamed}"`)).toBeVisible();
  await expect(conversations(b.page).getByRole('button', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) })).toBeVisible();
  // And gives it a picture: Ben's header shows it.
  await info.getByLabel('Group picture file').setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: PNG });
  await expect(systemLine(b.page, `${ada.name} changed the group picture`)).toBeVisible();
  await expect(b.page.locator('header', { has: b.page.getByRole('heading', { name: renamed }) }).locator('img')).toHaveAttribute(
    'src',
    /\/media\//,
  );
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(a.page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Group info' })).toBeFocused();

  // Ben writes back; Cy hears nothing of it.
  await b.page.getByPlaceholder('Type a message').fill('Summer it is');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  await expect(messages(a.page, 'Summer it is')).toHaveAttribute('data-own', 'false');
  await expect(messages(c.page, 'Summer it is')).toHaveCount(0);

  for (const p of [a, b, c]) await p.context.close();
});

test('a group message written without a connection is kept over a reload and goes once when it comes back', async ({
  browser,
  page: setup,
}) => {
  const [ada, ben, cy] = await Promise.all(['Ada', 'Ben', 'Cy'].map((label) => registerMember(setup.request, label)));
  const { id: groupId } = await createGroupByApi(setup.request, ada, 'Offline club', [ben, cy]);

  const b = await signedInContext(browser, ben, desktop);
  await b.page.goto(`/scan-chat/private/group/${groupId}`);
  await expect(b.page.getByRole('heading', { name: 'Offline club' })).toBeVisible();
  const a = await signedInContext(browser, ada, desktop);
  const net = await cutOff(a.page);
  await a.page.goto(`/scan-chat/private/group/${groupId}`);
  await expect(systemLine(a.page, 'You created the group')).toBeVisible();

  await a.page.getByPlaceholder('Type a message').fill('Written on the train');
  await a.page.getByRole('button', { name: 'Send' }).click();
  const pending = messages(a.page, 'Written on the train');
  await expect(pending).toHaveAttribute('data-pending', 'failed');
  await expect(pending).toContainText('Not sent yet: waiting for the connection');
  await a.page.reload();
  await expect(pending).toHaveAttribute('data-pending', 'failed');

  net.offline = false;
  await expect(messages(b.page, 'Written on the train')).toHaveCount(1, { timeout: 20_000 });
  await expect(pending).not.toHaveAttribute('data-pending');
  await expect(pending).toHaveCount(1);
  expect(net.socketSends).toBe(1);
  // Stored once: nothing waits after another reload.
  await a.page.reload();
  await expect(messages(a.page, 'Written on the train')).toHaveCount(1);
  await expect(a.page.locator('[data-pending]')).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});
