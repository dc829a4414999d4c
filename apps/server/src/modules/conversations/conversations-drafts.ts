import type { ConversationDraft } from './conversations-send.repository.ts';
import type { AnyPlace, MessageOf } from './conversations.presenter.ts';

/**
 * What a send answers: the message, and whether it is new to tell others of: false for a retry of a stored one
 * (everyone was told then) and for one a filter holds for review (its sender alone sees it, marked `held`, until a
 * moderator releases it: then everyone hears of it as new).
 */
export interface Sent<P extends AnyPlace> {
  message: MessageOf<P>;
  created: boolean;
}

/**
 * The instance's filters on a message's text (set by the admin module): throws to refuse, answers 'hold' to keep it
 * for review. Run in memory: the send path awaits nothing for it.
 */
export type TextCheck = (...texts: string[]) => 'hold' | null | void;

export interface ConversationSendInput {
  text?: string;
  client_id?: string;
  reply_to?: number;
  /** false: the sender removed its link's preview (stored; the message is then presented without one). */
  link_preview?: boolean;
  /** Forwarding: whose message this is a copy of. */
  forwardedFromUserId?: number;
}

/**
 * What a send of any kind hands the core: the fields it reads, named one by one. A literal that opens with a spread
 * (`{ ...input, forwardedFromUserId }`) builds each property after it the slow way on Node 20, on every send.
 */
export const sendInput = (
  input: Omit<ConversationSendInput, 'forwardedFromUserId'>,
  forwardedFromUserId?: number,
): ConversationSendInput => ({
  text: input.text,
  client_id: input.client_id,
  reply_to: input.reply_to,
  link_preview: input.link_preview,
  forwardedFromUserId,
});

/** String.prototype.toWellFormed (Node 20), not yet in the TypeScript library this project targets. */
export const toWellFormed = (text: string) => (text as string & { toWellFormed(): string }).toWellFormed();

/** Where a draft goes: a direct one to its receiver, a group's or a channel's to its conversation. */
export function draftPlace(place: AnyPlace): Pick<ConversationDraft, 'kind' | 'receiverId' | 'conversationId'> {
  if (place.kind !== 'direct') return { kind: place.kind, receiverId: null, conversationId: place.conversationId };
  if (place.peerId === undefined) throw new Error('A direct send names its receiver.');
  return { kind: 'direct', receiverId: place.peerId, conversationId: null };
}
