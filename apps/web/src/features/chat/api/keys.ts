import { headerCounterKeys } from '../../../lib/header-counters';

/** Query keys of the chat; its unread count is the header's chat counter. */
export const chatKeys = {
  all: ['chat'] as const,
  unreadCount: headerCounterKeys.chat,
  users: (search: string) => ['chat', 'users', search] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (peerId: number) => ['chat', 'messages', peerId] as const,
  peer: (peerId: number) => ['chat', 'peer', peerId] as const,
  blocks: ['chat', 'blocks'] as const,
  /** The member's groups (the list beside the direct chats). */
  groups: ['chat', 'groups'] as const,
  group: (groupId: number) => ['chat', 'group', groupId] as const,
  groupMessages: (groupId: number) => ['chat', 'group-messages', groupId] as const,
  /** A direct chat's pins and a group's (the pinned bar), newest pin first. */
  pins: (peerId: number) => ['chat', 'pins', peerId] as const,
  groupPins: (groupId: number) => ['chat', 'group-pins', groupId] as const,
  /** How far each member has read (for 'Seen by N'). */
  groupReads: (groupId: number) => ['chat', 'group-reads', groupId] as const,
};
