import { describe, expect, it } from 'vitest';
import type { Notification } from '@tribeverse/shared';
import { notificationHref } from './notification-target';

const note = (kind: string, payload: Record<string, unknown>): Notification => ({ id: 1, kind, payload, read: false, created_at: '2025-01-01T00:00:00Z' });
const me = { username: 'ann' };

describe('where a notification leads', () => {
  it('likes, comments and shares open the member’s own posts at that post', () => {
    for (const kind of ['like', 'comment', 'share']) {
      expect(notificationHref(note(kind, { post_id: 42, actor_id: 2, username: 'bob' }), me)).toBe('/home?author=ann#post-42');
    }
  });

  it('a mention in a post opens the posts of the one who mentioned, at that post', () => {
    expect(notificationHref(note('mention', { post_id: 7, actor_id: 2, username: 'bob' }), me)).toBe('/home?author=bob#post-7');
  });

  it('a mention in a comment, whose post author is not known, opens the whole feed at that post', () => {
    expect(notificationHref(note('mention', { post_id: 7, comment_id: 3, actor_id: 2, username: 'bob' }), me)).toBe('/home#post-7');
  });

  it('falls back to the feed when the payload lacks what a precise link needs', () => {
    expect(notificationHref(note('like', { post_id: 'x' }), { username: null })).toBe('/home');
    expect(notificationHref(note('mention', { post_id: 9 }), me)).toBe('/home#post-9');
    expect(notificationHref(note('something-new', {}), me)).toBe('/home');
  });

  it('a message opens the conversation with its sender', () => {
    expect(notificationHref(note('message', { actor_id: 5 }), me)).toBe('/scan-chat/private/5');
  });

  it('escapes names in the address', () => {
    expect(notificationHref(note('mention', { post_id: 1, username: 'a&b' }), me)).toBe('/home?author=a%26b#post-1');
  });
});
