import { ErrorCode } from '@tribeverse/shared';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';

/** Who may do what in private chat. A message is only ever seen by its two members; to anyone else it does not exist. */
interface MessageParties {
  senderId: number;
  receiverId: number;
}

export const blockedError = () => new AppError(403, ErrorCode.BLOCKED, 'You cannot message this member.');

/** A message the caller is one of the two members of, or 404. */
export function assertInConversation<T extends MessageParties>(me: number, row: T | null | undefined): asserts row is T {
  if (!row || (row.senderId !== me && row.receiverId !== me)) throw notFound('Message not found.');
}

/**
 * Who may fetch a message's file: one of its two people, while it is there for them (not deleted for everyone, not
 * past its auto-delete time, not deleted by them for themselves). Anyone else is answered as if there were no file.
 */
export const mayFetchFile = (me: number, row: MessageParties & { deletedAt: Date | null }, expired: boolean, hiddenForMe: boolean) =>
  (row.senderId === me || row.receiverId === me) && row.deletedAt === null && !expired && !hiddenForMe;

/** Who may pass a message on (forward it) or pin it: one of its two people while it is there for them, as for its file. */
export const isThereFor = mayFetchFile;

/** Only the sender edits or deletes a message for everyone. */
export function assertSender(me: number, row: MessageParties) {
  if (row.senderId !== me) throw forbidden('You can only change your own messages.');
}

/** Nothing is sent, edited or reacted to across a block, whoever made it. */
export function assertNotBlocked(blockedEitherWay: boolean) {
  if (blockedEitherWay) throw blockedError();
}

/**
 * Why a send was refused, as the error the sender gets: the receiver does not exist (or deleted their account), a
 * block either way, the receiver's 'who may message me' is 'people I follow' and they do not follow the sender, or
 * the message replied to is not one of this conversation's.
 */
export function sendRefusal(reason: 'missing' | 'blocked' | 'restricted' | 'reply-missing'): AppError {
  if (reason === 'missing') return notFound('This member does not exist.');
  if (reason === 'blocked') return blockedError();
  if (reason === 'reply-missing') return notFound('The message you reply to is not in this conversation.');
  return new AppError(403, ErrorCode.MESSAGES_RESTRICTED, 'This member only accepts messages from people they follow.');
}

/** The other member of a conversation. */
export const peerOf = (me: number, row: MessageParties) => (row.senderId === me ? row.receiverId : row.senderId);

/** The member someone names as their chat partner: another member who exists, or 400 / 404. */
export async function requirePeer(people: Pick<ChatPeopleRepository, 'findUsers'>, me: number, peerId: number) {
  if (peerId === me) throw badRequest('You cannot message yourself.', ErrorCode.BAD_REQUEST, 'peer_id');
  const [peer] = await people.findUsers([peerId]);
  if (!peer) throw notFound('This member does not exist.');
  return peer;
}
