import { notFound } from '../../lib/errors.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';
import { isExpired } from './chat.presenter.ts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';
import { assertInConversation, assertNotBlocked, isThereFor, peerOf, requirePeer } from './chat.policy.ts';

/**
 * Pins in a direct chat: either person pins or unpins any message of their chat that is there for them, and both are
 * told (`message:updated`), as in Telegram's private chats. Groups pin through the conversation core instead.
 */
export class ChatPinsService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly people: ChatPeopleRepository,
    private readonly chat: Pick<ChatService, 'present' | 'one'>,
    private readonly events: ChatEvents,
  ) {}

  async pin(me: number, id: number, pinned: boolean) {
    const row = await this.repo.findById(id);
    assertInConversation(me, row);
    if (!isThereFor(me, row, isExpired(row), await this.repo.isHiddenFor(id, me))) throw notFound('This message was deleted.');
    // A pin is put in front of the other person: not across a block. Taking one down stays possible, so neither is
    // left with a pin they cannot remove.
    if (pinned) assertNotBlocked(await this.people.isBlockedEitherWay(me, peerOf(me, row)));
    const message = await this.chat.one(await this.repo.setPinned(id, pinned ? me : null));
    this.events.toPair(row.senderId, row.receiverId, 'message:updated', message);
    return message;
  }

  /** The chat's pinned messages the caller sees, newest pin first. */
  async pins(me: number, peerId: number) {
    await requirePeer(this.people, me, peerId);
    return this.chat.present(await this.repo.findPinned(me, peerId), me, peerId);
  }
}
