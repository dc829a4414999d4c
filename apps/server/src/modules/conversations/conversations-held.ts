import type { ChatMessage, CommunityMessage, ConversationMessage, ReportedContent } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { StoredMessageRow } from './conversations-messages.repository.ts';
import type { ConversationModerationRepository, ModeratedPlace } from './conversations-moderation.repository.ts';
import type { AnyPlace } from './conversations.presenter.ts';

/** Enough for the queue's page (the admin module shows the oldest first across every kind). */
const QUEUE_LIMIT = 200;

/** How a place's events go out: new, changed (restored), gone. Each kind's own events, to its own rooms. */
type Change = 'new' | 'updated' | 'deleted';
const DIRECT_EVENTS = { new: 'message:new', updated: 'message:updated', deleted: 'message:deleted' } as const;
const GROUP_EVENTS = { new: 'group:message:new', updated: 'group:message:updated', deleted: 'group:message:deleted' } as const;
const CHANNEL_EVENTS = {
  new: 'community:message:new',
  updated: 'community:message:updated',
  deleted: 'community:message:deleted',
} as const;

/** The conversation core's presenter, as these messages need it (conversations.service.ts `present`). */
type Present = (place: AnyPlace, rows: StoredMessageRow[]) => Promise<Array<ChatMessage | ConversationMessage>>;

/** Where a held message is, as staff read it in the queue. */
export function heldContext(place: ModeratedPlace): string | null {
  if (place.kind === 'direct') return place.receiverUsername ? `Direct message to @${place.receiverUsername}` : 'Direct message';
  if (place.kind === 'group') return `In the group ${place.conversationName ?? ''}`.trim();
  return `In #${place.conversationName ?? ''} of ${place.communityName ?? 'a community'}`;
}

const mediaKind = (type: string | null) =>
  type === null ? null : (['image', 'video', 'audio'].find((k) => type.startsWith(`${k}/`)) ?? 'file');

/**
 * Messages of every kind that a filter held for review, and messages the instance's moderators took down: the
 * admin module's held queue (a HeldSource of kind 'message') and its removal of a reported message. Released, a
 * message reaches everyone as a new one does (the kind's new-message event, so push hears of it too); restored after an
 * upheld appeal, it comes back where it was, told to open chats as an edit (or as new, if only its sender had seen it).
 */
export class HeldMessages {
  constructor(
    private readonly repo: ConversationModerationRepository,
    private readonly present: Present,
    private readonly chat: ChatNamespace,
    /** A message everyone may see now that only its sender had: the kinds' own work for a new one. */
    private readonly released: (message: ChatMessage | ConversationMessage) => void = () => {},
  ) {}

  async list() {
    const rows = await this.repo.listHeld(QUEUE_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      authorId: r.authorId,
      text: r.text || r.fileName || '',
      context: heldContext(r),
      createdAt: r.createdAt,
    }));
  }

  async release(id: number): Promise<{ authorId: number } | null> {
    const authorId = await this.repo.unhold(id);
    if (authorId === null) return null;
    await this.announce(id, 'new');
    return { authorId };
  }

  /** A held message taken down: only its sender had it, and their open chats see it go. */
  async remove(id: number): Promise<{ authorId: number } | null> {
    const row = await this.repo.takeDown(id, null, true);
    if (!row) return null;
    await this.announce(id, 'deleted', [row.senderId]);
    return { authorId: row.senderId };
  }

  /**
   * A reported message taken down by staff (`moderatorId`): shown to everyone as removed, its text and file kept for
   * an appeal. False when there is nothing to take down.
   */
  async takeDown(id: number, moderatorId: number): Promise<boolean> {
    const row = await this.repo.takeDown(id, moderatorId, false);
    if (!row) return false;
    await this.announce(id, 'deleted');
    return true;
  }

  /** An upheld appeal: the message is back, for everyone. Nothing when it was not taken down. */
  async restore(id: number): Promise<void> {
    const restored = await this.repo.restore(id);
    // Removed from the queue, it had reached its sender alone: the others hear of it as new.
    if (restored) await this.announce(id, restored.wasHeld ? 'new' : 'updated');
  }

  async content(id: number): Promise<ReportedContent | null> {
    const [kept, place] = await Promise.all([this.repo.findRemoved(id), this.repo.findPlace(id)]);
    if (!kept || !place) return null;
    const message = {
      id,
      sender: null,
      text: kept.text ?? '',
      media_type: mediaKind(kept.mediaType),
      created_at: kept.createdAt.toISOString(),
    };
    return { kind: 'message', conversation: place.kind, messages: [message] };
  }

  /** The message as its place presents it, to its place's rooms (`only`: these members' own rooms instead). */
  private async announce(id: number, change: Change, only?: number[]) {
    const message = await this.tell(id, change, only);
    if (message && change === 'new') this.released(message);
  }

  private async tell(id: number, change: Change, only?: number[]) {
    const found = await this.repo.findMessage(id);
    if (!found) return;
    const { row, place } = found;
    if (place.kind === 'direct') {
      const [message] = await this.present({ kind: 'direct', receiptsVisible: async () => false }, [row]);
      const people = only ?? [row.senderId, row.receiverId!];
      this.chat.to(people.map(userRoom)).emit(DIRECT_EVENTS[change], message as ChatMessage);
      return message;
    }
    const where: AnyPlace =
      place.kind === 'group'
        ? { kind: 'group', conversationId: place.conversationId! }
        : { kind: 'channel', conversationId: place.conversationId!, communityId: place.communityId! };
    const [message] = await this.present(where, [row]);
    const room = place.kind === 'group' ? `group:${place.conversationId}` : `community:${place.communityId}`;
    const target = this.chat.to(only ? only.map(userRoom) : room);
    if (place.kind === 'group') target.emit(GROUP_EVENTS[change], message as ConversationMessage);
    else target.emit(CHANNEL_EVENTS[change], message as CommunityMessage);
    return message;
  }
}
