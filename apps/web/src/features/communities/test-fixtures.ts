import { aConversationMessage } from '../../lib/conversation/messages.test-support';
import type { Community, CommunityMessage } from './api/types';

/** One community as the server answers, for web tests; fields overridden per test. */
export const aCommunity = (over: Partial<Community> = {}): Community => ({
  id: 5,
  name: 'Lagos Hikers',
  description: 'Weekend hikes',
  image: null,
  visibility: 'public',
  paid: false,
  interests: ['Hiking'],
  place: null,
  member_count: 12,
  online_count: 3,
  owner: { id: 1, name: 'Ann', username: 'ann', avatar: null },
  my_role: 'member',
  my_status: 'member',
  my_rights: ['post'],
  unread_count: 0,
  muted: false,
  muted_until: null,
  timeout_until: null,
  created_at: '2026-01-01T10:00:00Z',
  ...over,
});

/** One community message as the server answers, by Bob in the first channel (1); fields overridden per test. */
export const aMessage = (over: Partial<CommunityMessage> = {}): CommunityMessage =>
  aConversationMessage(70, {
    text: 'Who is in for Saturday?',
    sender_id: 2,
    sender: { id: 2, name: 'Bob Stone', username: 'bob', avatar: null },
    community_id: 5,
    channel_id: 1,
    created_at: '2026-01-02T10:00:00Z',
    ...over,
  }) as CommunityMessage;
