import { notFound } from '../../lib/errors.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';
import type { ChatRepository } from './chat.repository.ts';
import { directReader, type ChatService } from './chat.service.ts';
import { requirePeer } from './chat.policy.ts';

/**
 * Pins in a direct chat: either person pins or unpins any message of their chat that is there for them, and both are
 * told (`message:updated`), as in Telegram's private chats. The pin itself is the conversation core's, as in groups.
 */
export class ChatPinsService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly people: ChatPeopleRepository,
    private readonly conversations: ConversationsService,
    private readonly chat: Pick<ChatService, 'present' | 'presentFor' | 'place' | 'assertOpen'>,
    private readonly events: ChatEvents,
  ) {}

  async pin(me: number, id: number, pinned: boolean) {
    const message = await this.conversations.pin(this.chat.place(), directReader(me), id, pinned, async (row) => {
      // Deleted by the caller for themselves: not there for them to pin.
      if (await this.repo.isHiddenFor(id, me)) throw notFound('This message was deleted.');
      // A pin is put in front of the other person: not across a block. Taking one down stays possible, so neither is
      // left with a pin they cannot remove.
      if (pinned) await this.chat.assertOpen(me, row);
    });
    this.events.toPair(message.sender_id, message.receiver_id, 'message:updated', message);
    return message;
  }

  /** The chat's pinned messages the caller sees, newest pin first. */
  async pins(me: number, peerId: number) {
    await requirePeer(this.people, me, peerId);
    return this.chat.presentFor(me, await this.repo.findPinned(me, peerId));
  }
}
