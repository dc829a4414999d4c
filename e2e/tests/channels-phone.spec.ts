import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { longPress, phone } from '../support/touch.ts';
import { createCommunity, joinCommunity } from '../support/communities.ts';
import { registerMember, signedInContext, type Member } from '../support/members.ts';

async function call(request: APIRequestContext, member: Member, path: string, data: object) {
  const res = await request.post(path, { headers: { authorization: `Bearer ${member.token}` }, data });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: number };
}

test('on a phone a member switches channel in the drawer, posts, and reacts by a long press', async ({ browser, page: setup, a11y }) => {
  test.setTimeout(120_000);
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const community = await createCommunity(setup.request, ann, { name: `Trail club ${Date.now().toString(36)}` });
  await joinCommunity(setup.request, bob, community.id);
  const reports = await call(setup.request, ann, `/api/communities/${community.id}/channels`, {
    name: 'trail-reports',
    topic: 'Conditions on the trails',
  });
  await call(setup.request, ann, `/api/communities/${community.id}/send`, { text: 'Welcome to the club' });
  await call(setup.request, ann, `/api/communities/${community.id}/channels/${reports.id}/send`, { text: 'Snow above the hut' });

  const b = await signedInContext(browser, bob, phone);
  a11y.track(b.page);
  await b.page.goto(`/scan-chat/community/${community.id}`);
  const welcome = b.page.getByTestId('message').filter({ hasText: 'Welcome to the club' });
  await expect(welcome).toContainText(ann.name);
  // Nothing stays on a bubble: no ⋮ to see or tap, no row of actions.
  await expect(welcome.getByRole('button', { name: 'Message actions' })).toHaveCSS('opacity', '0');
  await expect(welcome.getByRole('button', { name: /^(React|Reply|Edit|Delete)$/ })).toHaveCount(0);
  await expect(b.page.getByPlaceholder('Type a message')).toBeInViewport();
  await a11y.check(b.page, 'phone community chat');

  // The drawer: the other channel with its unread count; picking it closes the drawer.
  await b.page.getByRole('button', { name: 'Channels: general, 1 unread elsewhere' }).tap();
  const drawer = b.page.getByRole('dialog', { name: 'Channels' });
  await expect(drawer.getByRole('link', { name: 'general' })).toHaveAttribute('aria-current', 'page');
  await a11y.check(b.page, 'channel drawer');
  await drawer.getByRole('link', { name: 'trail-reports, 1 unread' }).tap();
  await expect(drawer).toBeHidden();
  await expect(b.page).toHaveURL(new RegExp(`/scan-chat/community/${community.id}/${reports.id}$`));
  await expect(b.page.getByText('Conditions on the trails')).toBeVisible();

  // Post: on a touch screen the Send button sends.
  await b.page.getByPlaceholder('Type a message').tap();
  await b.page.getByPlaceholder('Type a message').pressSequentially('Boots and poles then');
  await b.page.getByRole('button', { name: 'Send' }).tap();
  await expect(b.page.getByTestId('message').filter({ hasText: 'Boots and poles then' })).toHaveAttribute('data-own', 'true');

  // Long press Ann's message: the menu opens; a quick reaction lands under it.
  const snow = b.page.getByTestId('message').filter({ hasText: 'Snow above the hut' });
  const menu = await longPress(b.page, snow.getByTestId('message-bubble'));
  await expect(menu.getByRole('menuitem', { name: 'Reply' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Report…' })).toBeVisible();
  await a11y.check(b.page, 'message menu on a phone');
  await menu.getByRole('menuitemcheckbox', { name: 'React 👍' }).tap();
  await expect(menu).toBeHidden();
  await expect(snow.getByRole('button', { name: /👍 1, yours/ })).toBeVisible();
  await expect(snow.getByRole('button', { name: 'Message actions' })).toHaveCSS('opacity', '0');
  await a11y.check(b.page, 'phone channel with a reaction');

  await b.context.close();
});
