import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';
import { requirePeer } from './chat.policy.ts';
import { presentChatUser } from './chat.presenter.ts';

type BlockListener = (blocker: number, blocked: number) => Promise<void>;

/** Blocking a member from chat: both people's open chats are told at once, and other features may follow up. */
export class ChatBlocksService {
  private readonly listeners: BlockListener[] = [];

  constructor(
    private readonly people: ChatPeopleRepository,
    private readonly events: ChatEvents,
  ) {}

  /** People listens: a block ends the follows between the two. */
  onBlock(listener: BlockListener) {
    this.listeners.push(listener);
  }

  async block(me: number, userId: number) {
    await requirePeer(this.people, me, userId);
    await this.people.block(me, userId);
    for (const listener of this.listeners) await listener(me, userId);
    this.events.unwatchEachOther(me, userId);
    this.events.toUser(me, 'block:updated', { user_id: userId, blocked_by_me: true });
    this.events.toUser(userId, 'block:updated', { user_id: me, blocked_by_me: false });
  }

  async unblock(me: number, userId: number) {
    await requirePeer(this.people, me, userId);
    await this.people.unblock(me, userId);
    this.events.toUser(me, 'block:updated', { user_id: userId, blocked_by_me: false });
    this.events.toUser(userId, 'block:updated', { user_id: me, blocked_by_me: false });
  }

  async listBlocked(me: number) {
    return (await this.people.findBlockedBy(me)).map(presentChatUser);
  }
}
