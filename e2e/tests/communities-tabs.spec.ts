import { expect, test } from '@playwright/test';
import { createCommunity, joinCommunity } from '../support/communities.ts';
import { PNG, registerMember, signedInContext } from '../support/members.ts';

test("a community's discussion, media and events tabs are real: threads with replies, posts with pictures and likes, events with RSVPs", async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const community = await createCommunity(setup.request, ann, { name: `Makers ${Date.now().toString(36)}` });
  await joinCommunity(setup.request, bob, community.id);
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);

  // Events: the owner plans a podcast; Bob says he goes and both see who goes.
  await a.page.goto(`/communities/${community.id}/events`);
  await a.page.getByRole('button', { name: 'New event' }).click();
  const form = a.page.getByRole('dialog', { name: 'New event' });
  await form.getByLabel('Type').selectOption('podcast');
  await form.getByLabel('Title').fill('Makers talk #1');
  await form.getByLabel('Starts').fill('2031-05-04T18:30');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(a.page.getByRole('list', { name: 'Events' })).toContainText('Makers talk #1');

  await b.page.goto(`/communities/${community.id}/events`);
  const event = b.page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: 'Makers talk #1' });
  await expect(event).toContainText('podcast');
  await event.getByRole('button', { name: "I'm going" }).click();
  await expect(event.getByRole('button', { name: 'Going ✓' })).toBeVisible();
  await event.getByRole('button', { name: '1 going' }).click();
  await expect(b.page.getByRole('dialog', { name: 'Going to Makers talk #1' })).toContainText(bob.name);
  await b.page.keyboard.press('Escape');

  // Discussion: Ann starts a thread, Bob replies under it.
  await a.page.goto(`/communities/${community.id}/discussion`);
  await a.page.getByRole('button', { name: 'Start a discussion' }).click();
  await a.page.getByLabel('Topic').fill('Best soldering iron?');
  await a.page.getByLabel('Start the discussion').fill('Budget under 50');
  await a.page.getByRole('button', { name: 'Post discussion' }).click();
  await expect(a.page.getByRole('list', { name: 'Discussions' })).toContainText('Best soldering iron?');

  await b.page.goto(`/communities/${community.id}/discussion`);
  const thread = b.page
    .getByRole('list', { name: 'Discussions' })
    .getByRole('listitem')
    .filter({ hasText: 'Best soldering iron?' })
    .first();
  await expect(thread).toContainText(`Started by ${ann.name}`);
  await thread.getByRole('button', { name: '0 replies' }).click();
  await thread.getByLabel('Write a reply').fill('The Pinecil is great');
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread.getByRole('list', { name: 'Replies to Best soldering iron?' })).toContainText('The Pinecil is great');
  // Ann's open tab follows live, without a reload.
  await expect(a.page.getByRole('list', { name: 'Discussions' }).getByRole('button', { name: '1 reply' })).toBeVisible();

  // Media: Bob posts a picture; Ann likes it.
  await b.page.goto(`/communities/${community.id}/media`);
  await b.page.getByLabel('Post text').fill('My first board');
  await b.page.locator('input[type=file][accept="image/*"]').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: PNG });
  await b.page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(b.page.getByRole('list', { name: 'Media posts' })).toContainText('My first board');

  await a.page.goto(`/communities/${community.id}/media`);
  const post = a.page.getByRole('list', { name: 'Media posts' }).getByRole('listitem').filter({ hasText: 'My first board' });
  await expect(post.locator('img')).toHaveCount(1);
  await post.getByRole('button', { name: 'Like, 0 likes' }).click();
  await expect(post.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');

  await a.context.close();
  await b.context.close();
});
