import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';

/**
 * Messages as the server answers them, for the web tests of every conversation; each test overrides what it is
 * about. `_id` follows `id` unless given.
 */

/** What every kind of message holds: text by member 1, sent on 5 January 2026, never edited, reacted to or pinned. */
const common = (id: number) => ({
  id,
  _id: id,
  text: `message ${id}`,
  media_url: null,
  media_type: null,
  file_name: null,
  sender_id: 1,
  client_id: null,
  created_at: '2026-01-05T09:00:00Z',
  edited_at: null,
  deleted: false,
  reply_to: null,
  reactions: [],
  pinned: false,
  forwarded_from: null,
});

/** A direct message from member 1 to member 2, sent and not read. */
export const aDirectMessage = (id = 1, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  ...common(id),
  receiver_id: 2,
  read_at: null,
  expires_at: null,
  ...patch,
});

/** A message by Ada (1) in a group or a channel; `group_id`, or `community_id` and `channel_id`, say which. */
export const aConversationMessage = (id = 1, patch: Partial<ConversationMessage> = {}): ConversationMessage => ({
  ...common(id),
  sender: { id: 1, name: 'Ada', username: 'ada', avatar: null },
  removed: false,
  system: null,
  ...patch,
});
