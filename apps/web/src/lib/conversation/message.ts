import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';

/**
 * A message of any kind of conversation, as the shared timeline, bubble and caches handle it: a direct message
 * (private chat's shape, with read and expiry times) or a group or channel message (with its sender, and the lines
 * the conversation writes itself).
 */
export type TimelineMessage = ChatMessage | ConversationMessage;

/** When the sender's auto-delete timer removes it (direct messages only). */
export const expiresAtOf = (m: TimelineMessage): string | null => ('expires_at' in m ? m.expires_at : null);

/** Taken down by a moderator (group and channel messages only). */
export const isRemoved = (m: TimelineMessage): boolean => 'removed' in m && m.removed;

/** A line the conversation wrote itself ('Ada added Ben'), never a bubble. */
export const systemOf = (m: TimelineMessage) => ('system' in m ? m.system : null);
