import type { ConversationMessage } from '@tribeverse/shared';

/**
 * How a message of a conversation with several members is signed: its sender's name and picture, on the first
 * message of a run by one sender (a system line ends a run).
 */
export const authorOf = (message: ConversationMessage, previous: ConversationMessage | null, name: string) => ({
  name,
  avatar: message.sender.avatar,
  first: !previous || !!previous.system || previous.sender_id !== message.sender_id,
});

/** Whose message a reply quotes: 'You', or the name the conversation knows them by (null when it does not). */
export const replyAuthorOf = (message: ConversationMessage, me: number, nameOf: (id: number) => string | null) =>
  message.reply_to ? (message.reply_to.sender_id === me ? 'You' : nameOf(message.reply_to.sender_id)) : null;
