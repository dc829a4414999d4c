import { expect, test } from '../support/a11y.ts';
import { createCommunity, joinCommunity } from '../support/communities.ts';
import { registerMember, signedInContext } from '../support/members.ts';

/** Wide enough (xl) for the communities, the channel column and the messages side by side. */
const desktop = { viewport: { width: 1280, height: 800 } };

test('an admin adds channels live; a member posts, is counted only while chatting, and reads announcements', async ({
  browser,
  page: setup,
  a11y,
}) => {
  test.setTimeout(120_000);
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const community = await createCommunity(setup.request, ann, { name: `Trail club ${Date.now().toString(36)}` });
  await joinCommunity(setup.request, bob, community.id);

  // Bob is signed in and connected, but not in the chat: Ann, alone in it, counts one person chatting.
  const b = await signedInContext(browser, bob, desktop);
  a11y.track(b.page);
  await b.page.goto('/home');
  const a = await signedInContext(browser, ann, desktop);
  a11y.track(a.page);
  await a.page.goto(`/scan-chat/community/${community.id}`);
  const annCount = a.page.getByTestId('chatting-count');
  await expect(annCount).toHaveText('1 person currently chatting');

  // Bob opens the chat: Ann's count goes up at once.
  await b.page.goto(`/scan-chat/community/${community.id}`);
  await expect(annCount).toHaveText('2 people currently chatting');
  await expect(b.page.getByTestId('chatting-count')).toHaveText('2 people currently chatting');
  const bobChannels = b.page.getByRole('navigation', { name: 'Channels' });
  await expect(bobChannels.getByRole('link', { name: 'general' })).toHaveAttribute('aria-current', 'page');

  // Ann adds 'trail-reports'; it opens for her and appears in Bob's list without a reload.
  const annChannels = a.page.getByRole('navigation', { name: 'Channels' });
  await annChannels.getByRole('button', { name: 'Add a channel' }).click();
  const form = a.page.getByRole('dialog', { name: 'New channel' });
  await form.getByLabel('Name').fill('trail-reports');
  await form.getByLabel('Topic (optional)').fill('Conditions on the trails');
  await a11y.check(a.page, 'new channel form');
  await form.getByRole('button', { name: 'Create channel' }).click();
  await expect(annChannels.getByRole('link', { name: 'trail-reports' })).toHaveAttribute('aria-current', 'page');
  await expect(bobChannels.getByRole('link', { name: 'trail-reports' })).toBeVisible();

  // Ann goes back to general; Bob posts in trail-reports: Ann sees its unread badge, then the message.
  await annChannels.getByRole('link', { name: 'general' }).click();
  await expect(annChannels.getByRole('link', { name: 'general' })).toHaveAttribute('aria-current', 'page');
  await bobChannels.getByRole('link', { name: 'trail-reports' }).click();
  await expect(b.page.getByText('Conditions on the trails')).toBeVisible();
  await b.page.getByPlaceholder('Type a message').fill('Mud on the north trail');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  await expect(b.page.getByTestId('message').filter({ hasText: 'Mud on the north trail' })).toHaveAttribute('data-own', 'true');
  const unread = annChannels.getByRole('link', { name: 'trail-reports, 1 unread' });
  await expect(unread).toBeVisible();
  // Switching channels keeps the chat open: the count stays.
  await expect(annCount).toHaveText('2 people currently chatting');
  await a11y.check(a.page, 'community chat with an unread channel');
  await unread.click();
  const fromBob = a.page.getByTestId('message').filter({ hasText: 'Mud on the north trail' });
  await expect(fromBob).toContainText(bob.name);
  await expect(annChannels.getByRole('link', { name: 'trail-reports' })).toHaveAttribute('aria-current', 'page');

  // Ann pins it: the pinned bar shows it to Bob too.
  await fromBob.hover();
  await fromBob.getByRole('button', { name: 'Message actions' }).click();
  await a.page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Pin' }).click();
  await expect(b.page.getByRole('region', { name: 'Pinned messages' })).toContainText('Mud on the north trail');
  await a11y.check(b.page, 'community chat with a pin and his own message');

  // Ann makes an announcements channel: Bob reads it and is told why there is no box.
  await annChannels.getByRole('button', { name: 'Add a channel' }).click();
  await form.getByLabel('Name').fill('news');
  await form.getByLabel(/Announcements/).check();
  await form.getByRole('button', { name: 'Create channel' }).click();
  await expect(annChannels.getByRole('link', { name: 'news, announcements' })).toHaveAttribute('aria-current', 'page');
  await a.page.getByPlaceholder('Type a message').fill('The hut opens on Friday');
  await a.page.getByPlaceholder('Type a message').press('Enter');
  await bobChannels.getByRole('link', { name: /^news, announcements/ }).click();
  await expect(b.page.getByTestId('message').filter({ hasText: 'The hut opens on Friday' })).toBeVisible();
  await expect(b.page.getByText('Only moderators can post here')).toBeVisible();
  await expect(b.page.getByPlaceholder('Type a message')).toHaveCount(0);
  await a11y.check(b.page, 'announcements channel for a member');

  // Bob forwards the announcement into trail-reports: he is offered the channels he may post in, not news.
  const announcement = b.page.getByTestId('message').filter({ hasText: 'The hut opens on Friday' });
  await announcement.hover();
  await announcement.getByRole('button', { name: 'Message actions' }).click();
  await b.page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Forward…' }).click();
  const forward = b.page.getByRole('dialog', { name: 'Forward to…' });
  const places = forward.getByRole('list', { name: 'Chats, groups and channels' });
  await expect(places.getByRole('button', { name: 'Forward to #trail-reports' })).toBeVisible();
  await expect(places.getByRole('button', { name: 'Forward to #news' })).toHaveCount(0);
  await a11y.check(b.page, 'forward dialog with channels');
  await places.getByRole('button', { name: 'Forward to #trail-reports' }).click();
  await expect(forward).toBeHidden();
  await b.page.getByRole('link', { name: 'Open' }).click();
  await expect(bobChannels.getByRole('link', { name: 'trail-reports' })).toHaveAttribute('aria-current', 'page');
  const copy = b.page.getByTestId('message').filter({ hasText: 'The hut opens on Friday' });
  await expect(copy).toContainText(`Forwarded from ${ann.name}`);
  await expect(copy).toHaveAttribute('data-own', 'true');

  // Bob leaves the chat (still signed in and connected): Ann's count drops.
  await b.page.goto('/home');
  await expect(annCount).toHaveText('1 person currently chatting');
  await a11y.check(b.page, 'home');
  await a11y.check(a.page, 'announcements channel for its admin');

  await a.context.close();
  await b.context.close();
});
