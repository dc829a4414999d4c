import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { createCommunity, joinCommunity, sendToCommunity } from '../support/communities.ts';
import { registerMember, signedInContext, type Member } from '../support/members.ts';

/**
 * Colours only show on pages that hold something: an unread notification, another member's message, a role badge,
 * an event's type. An empty page passes axe with a colour that cannot be read in the light theme, so this journey
 * fills every such state first and then checks each page in the dark and the light theme.
 */

const desktop = { viewport: { width: 1280, height: 900 } };
const EVENT_KINDS = ['blog', 'video', 'podcast'] as const;

async function api(request: APIRequestContext, member: Member, method: 'post' | 'patch', url: string, data?: object) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${member.token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json().catch(() => null) as Promise<unknown>;
}

test('pages full of other members, roles, events and unread notifications are readable in both themes', async ({
  browser,
  page: setup,
  a11y,
}) => {
  // Four members set up, then six pages checked in two themes each: axe takes seconds a page on two shared cores.
  test.setTimeout(180_000);
  const { request } = setup;
  const [ann, bob, cat, dan] = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan'].map((label) => registerMember(request, label)));

  // A community with one member in each role, a chat where others write, and an event of every type.
  const community = await createCommunity(request, ann, { name: `Palette ${Date.now().toString(36)}` });
  for (const m of [bob, cat, dan]) await joinCommunity(request, m, community.id);
  await api(request, ann, 'patch', `/api/communities/${community.id}/members/${bob.id}`, { role: 'admin' });
  await api(request, ann, 'patch', `/api/communities/${community.id}/members/${cat.id}`, { role: 'moderator' });
  await sendToCommunity(request, bob, community.id, `Morning @${ann.username}, the agenda is up`);
  await sendToCommunity(request, cat, community.id, 'I will moderate the thread');
  await sendToCommunity(request, dan, community.id, 'Count me in');
  await sendToCommunity(request, ann, community.id, 'Thanks all');
  for (const [i, kind] of EVENT_KINDS.entries()) {
    await api(request, ann, 'post', `/api/communities/${community.id}/events`, {
      kind,
      title: `A ${kind} to follow`,
      starts_at: new Date(Date.UTC(2031, 4, 4 + i, 18, 30)).toISOString(),
    });
  }

  // A private conversation with messages both ways.
  await api(request, bob, 'post', '/api/chat/send', { peer_id: ann.id, text: 'Are you coming on Saturday?' });
  await api(request, ann, 'post', '/api/chat/send', { peer_id: bob.id, text: 'Yes, with cake' });
  await api(request, bob, 'post', '/api/chat/send', { peer_id: ann.id, text: 'Perfect' });

  // Notifications, unread and read: a like on Ann's post, and the mention above.
  const post = (await request
    .post('/api/posts/create', { headers: { authorization: `Bearer ${ann.token}` }, multipart: { post: 'Baking for Saturday' } })
    .then((r) => r.json())) as { post_id: number };
  await api(request, bob, 'post', `/api/posts/${post.post_id}/like`);

  const { context, page } = await signedInContext(browser, ann, desktop);
  a11y.track(page);

  await page.goto(`/scan-chat/private/${bob.id}`);
  const messages = page.getByTestId('message');
  await expect(messages.filter({ hasText: 'Perfect' })).toHaveAttribute('data-own', 'false');
  await expect(messages.filter({ hasText: 'Yes, with cake' })).toHaveAttribute('data-own', 'true');
  await a11y.check(page, 'private chat with messages from both sides');

  await page.goto(`/scan-chat/community/${community.id}`);
  const chat = page.getByTestId('message');
  for (const [m, text] of [
    [bob, 'the agenda is up'],
    [cat, 'I will moderate the thread'],
    [dan, 'Count me in'],
  ] as const) {
    await expect(chat.filter({ hasText: text })).toContainText(m.name);
  }
  await expect(chat.filter({ hasText: 'Thanks all' })).toBeVisible();
  await a11y.check(page, 'community chat with messages from others');

  await page.goto(`/communities/${community.id}/members`);
  const rows = page.getByTestId('member-row');
  for (const [m, role] of [
    [ann, 'owner'],
    [bob, 'admin'],
    [cat, 'moderator'],
    [dan, 'member'],
  ] as const) {
    await expect(rows.filter({ hasText: m.name })).toContainText(role);
  }
  await a11y.check(page, 'members with every role');

  await page.goto(`/communities/${community.id}/events`);
  const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
  for (const kind of EVENT_KINDS) await expect(events.filter({ hasText: `A ${kind} to follow` })).toContainText(kind);
  await a11y.check(page, 'events of every type');

  // The notifications list: one read by following it, the other still unread.
  await page.getByRole('button', { name: 'Notifications: 2 unread' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('link', { name: new RegExp(`@${bob.username} liked your post`) }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();
  await a11y.check(page, 'the liked post');
  await page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
  await expect(panel.getByText('(unread)')).toHaveCount(1);
  await expect(panel.getByRole('link')).toHaveCount(2);
  await a11y.check(page, 'notifications, read and unread');

  await context.close();
});
