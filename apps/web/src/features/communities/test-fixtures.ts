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

const baseMessage = {
  id: 70,
  _id: 70,
  text: 'Who is in for Saturday?',
  media_url: null,
  media_type: null,
  file_name: null,
  sender_id: 2,
  community_id: 5,
  channel_id: 1,
  sender: { id: 2, name: 'Bob Stone', username: 'bob', avatar: null },
  client_id: null,
  created_at: '2026-01-02T10:00:00Z',
  edited_at: null,
  deleted: false,
  removed: false,
  reply_to: null,
  reactions: [],
  pinned: false,
  forwarded_from: null,
  system: null,
};

/**
 * One community message as the server answers, in the first channel (1); fields overridden per test. Built apart and
 * cast, so it fits the contract's message as it grows meanwhile.
 */
export const aMessage = (over: Partial<CommunityMessage> = {}): CommunityMessage => ({ ...baseMessage, ...over }) as CommunityMessage;
