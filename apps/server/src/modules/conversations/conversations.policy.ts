import { ErrorCode } from '@tribeverse/shared';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { StoredMessageRow } from './conversations-messages.repository.ts';
import type { ConversationSendRefusal } from './conversations-send.repository.ts';
import type { AnyPlace } from './conversations.presenter.ts';

/** A reader of a conversation as its kind's policy let them in: who, and the first message id they may not see. */
export interface Reader {
  userId: number;
  /** Messages with an id above this are theirs to read (a group's history from joining, after their Clear chat). */
  from: number;
}

/**
 * A kind's own rule for one message action, run once the core found the message and made its own checks, before
 * anything is written (a direct chat: nothing is put in front of the other person across a block).
 */
export type MessagePolicy = (row: StoredMessageRow) => Promise<void> | void;

export const blockedError = () => new AppError(403, ErrorCode.BLOCKED, 'You cannot message this member.');

/** What a filter would hold, where nothing can wait for review (a poll): refused, as the filters word it. */
export const contentHeld = () =>
  new AppError(422, ErrorCode.CONTENT_FILTERED, 'This contains a word or a link this instance does not allow.');

/**
 * Why a send was refused, as the error the sender gets. A direct message's receiver that does not exist is named so
 * ('This member does not exist.'); any other place that is not there for the sender is not found, whatever the reason,
 * so an outsider does not learn it exists.
 */
export function sendRefusal(kind: AnyPlace['kind'], reason: ConversationSendRefusal): AppError {
  if (reason === 'timed-out') return new AppError(403, ErrorCode.TIMED_OUT, 'A moderator has timed you out.');
  if (reason === 'announcements') return forbidden('Only moderators can post in this channel.');
  if (reason === 'blocked') return blockedError();
  if (reason === 'restricted')
    return new AppError(403, ErrorCode.MESSAGES_RESTRICTED, 'This member only accepts messages from people they follow.');
  if (reason === 'silenced')
    return new AppError(403, ErrorCode.SILENCED, 'You can only message people who follow you or who wrote to you first.');
  if (reason === 'new-account')
    return new AppError(
      403,
      ErrorCode.NEW_ACCOUNT_LIMIT,
      'New accounts can only message people they follow or who follow them in their first day.',
    );
  if (reason === 'reply-missing') return notFound('The message you reply to is not in this conversation.');
  return notFound(kind === 'direct' ? 'This member does not exist.' : 'Conversation not found.');
}

/**
 * Whether the place holds this message for the reader: one of their direct chats (with `peerId` when the place names
 * them), or the conversation within what they may read of it.
 */
export function holds(place: AnyPlace, reader: Reader, row: StoredMessageRow): boolean {
  if (place.kind !== 'direct') return row.conversationId === place.conversationId && row.id > reader.from;
  if (row.receiverId === null) return false;
  const peer = row.senderId === reader.userId ? row.receiverId : row.receiverId === reader.userId ? row.senderId : null;
  return peer !== null && (place.peerId === undefined || place.peerId === peer);
}
