import { ErrorCode } from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { blockedError, sendRefusal as refusal } from '../conversations/conversations.service.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';

/** Who may do what in private chat. A message is only ever seen by its two members; to anyone else it does not exist. */
interface MessageParties {
  senderId: number;
  receiverId: number;
}

/**
 * Who may fetch a message's file: one of its two people, while it is there for them (not deleted for everyone, not
 * past its auto-delete time, not deleted by them for themselves). Anyone else is answered as if there were no file.
 */
export const mayFetchFile = (me: number, row: MessageParties & { deletedAt: Date | null }, expired: boolean, hiddenForMe: boolean) =>
  (row.senderId === me || row.receiverId === me) && row.deletedAt === null && !expired && !hiddenForMe;

/** Who may pass a message on (forward it): one of its two people while it is there for them, as for its file. */
export const isThereFor = mayFetchFile;

/** Nothing is sent, edited or reacted to across a block, whoever made it. */
export function assertNotBlocked(blockedEitherWay: boolean) {
  if (blockedEitherWay) throw blockedError();
}

/** Why adding someone was refused, worded as a direct send to them would be (chat-groups.policy.ts). */
export const sendRefusal = (reason: 'missing' | 'blocked' | 'restricted' | 'silenced' | 'new-account') => refusal('direct', reason);

/** The other member of a conversation. */
export const peerOf = (me: number, row: MessageParties) => (row.senderId === me ? row.receiverId : row.senderId);

/** The member someone names as their chat partner: another member who exists, or 400 / 404. */
export async function requirePeer(people: Pick<ChatPeopleRepository, 'findUsers'>, me: number, peerId: number) {
  if (peerId === me) throw badRequest('You cannot message yourself.', ErrorCode.BAD_REQUEST, 'peer_id');
  const [peer] = await people.findUsers([peerId]);
  if (!peer) throw notFound('This member does not exist.');
  return peer;
}
