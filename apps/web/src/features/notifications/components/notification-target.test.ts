import { describe, expect, it } from 'vitest';
import { describeNotification, notificationHref } from './notification-target';
import { note } from './notification.test-support';

const actor = { actor_id: 2, username: 'bob', name: 'Bob' };
const me = { username: 'ann' };

describe('where a notification leads', () => {
  it('likes, comments and shares open the member’s own posts at that post', () => {
    expect(notificationHref(note({ kind: 'like', payload: { ...actor, post_id: 42 } }), me)).toBe('/home?author=ann#post-42');
    expect(notificationHref(note({ kind: 'share', payload: { ...actor, post_id: 42 } }), me)).toBe('/home?author=ann#post-42');
    expect(notificationHref(note({ kind: 'comment', payload: { ...actor, post_id: 42, comment_id: 1, text: 'hi' } }), me)).toBe(
      '/home?author=ann#post-42',
    );
  });

  it('a mention in a post opens the posts of the one who mentioned, at that post', () => {
    expect(notificationHref(note({ kind: 'mention', payload: { ...actor, post_id: 7 } }), me)).toBe('/home?author=bob#post-7');
  });

  it('a mention in a comment, whose post author is not known, opens the whole feed at that post', () => {
    expect(notificationHref(note({ kind: 'mention', payload: { ...actor, post_id: 7, comment_id: 3 } }), me)).toBe('/home#post-7');
  });

  it('without a user name of one’s own, a like opens the whole feed at that post', () => {
    expect(notificationHref(note({ kind: 'like', payload: { ...actor, post_id: 9 } }), { username: null })).toBe('/home#post-9');
  });

  it('escapes names in the address', () => {
    expect(notificationHref(note({ kind: 'mention', payload: { ...actor, username: 'a&b', post_id: 1 } }), me)).toBe(
      '/home?author=a%26b#post-1',
    );
  });

  it('a new follower opens their profile', () => {
    const follow = note({ kind: 'follow', payload: { actor_id: 5, username: 'dee', name: null } });
    expect(notificationHref(follow, me)).toBe('/u/dee');
    expect(describeNotification(follow)).toBe('@dee started following you');
  });

  it('community news opens where it is acted on, and reads as a sentence', () => {
    const community = { community_id: 5, community_name: 'Lagos Hikers' };
    const approved = note({ kind: 'community_request_approved', payload: community });
    expect(notificationHref(approved, me)).toBe('/scan-chat/community/5');
    expect(describeNotification(approved)).toBe('Your request to join Lagos Hikers was approved');
    const asked = note({ kind: 'community_join_request', payload: { ...actor, ...community } });
    expect(notificationHref(asked, me)).toBe('/communities/5/requests');
    expect(describeNotification(asked)).toBe('@bob asked to join Lagos Hikers');
    expect(notificationHref(note({ kind: 'community_report', payload: { ...community, report_id: 3 } }), me)).toBe(
      '/communities/5/reports',
    );
    expect(notificationHref(note({ kind: 'community_member_left', payload: { ...actor, ...community } }), me)).toBe(
      '/communities/5/members',
    );
    expect(notificationHref(note({ kind: 'community_request_declined', payload: community }), me)).toBe('/communities/5');
    const invited = note({ kind: 'community_invited', payload: { ...actor, ...community } });
    expect(notificationHref(invited, me)).toBe('/communities/5');
    expect(describeNotification(invited)).toBe('@bob invited you to join Lagos Hikers');
    const mention = note({ kind: 'community_mention', payload: { ...actor, ...community, message_id: 8, via: 'mention' } });
    expect(notificationHref(mention, me)).toBe('/scan-chat/community/5');
    expect(describeNotification(mention)).toBe('@bob mentioned you in Lagos Hikers');
    expect(describeNotification({ ...mention, payload: { ...mention.payload, via: 'reply' } } as typeof mention)).toBe(
      '@bob replied to you in Lagos Hikers',
    );
  });

  it('a new owner is sent to the community’s page, told who handed it over or that its owner deleted their account', () => {
    const community = { community_id: 5, community_name: 'Lagos Hikers' };
    const handed = note({ kind: 'community_owner', payload: { ...actor, ...community, via: 'transfer' } });
    expect(notificationHref(handed, me)).toBe('/communities/5');
    expect(describeNotification(handed)).toBe('@bob made you the owner of Lagos Hikers');
    const unnamed = note({ kind: 'community_owner', payload: { ...actor, username: null, ...community, via: 'transfer' } });
    expect(describeNotification(unnamed)).toBe('Bob made you the owner of Lagos Hikers');
    const inherited = note({ kind: 'community_owner', payload: { ...community, via: 'account_deleted' } });
    expect(notificationHref(inherited, me)).toBe('/communities/5');
    expect(describeNotification(inherited)).toBe('You are now the owner of Lagos Hikers: its owner deleted their account');
  });
});

describe('a report to the instance', () => {
  it('tells the reporter what the moderators decided', () => {
    const resolved = note({ kind: 'report_resolved', payload: { report_id: 7, target_kind: 'post', outcome: 'content_removed' } });
    expect(describeNotification(resolved)).toBe('The moderators reviewed your report about a post: it was removed');
    const dismissed = note({ kind: 'report_resolved', payload: { report_id: 8, target_kind: 'user', outcome: 'dismissed' } });
    expect(describeNotification(dismissed)).toBe(
      'The moderators reviewed your report about a member: they found nothing against the rules',
    );
  });
});
