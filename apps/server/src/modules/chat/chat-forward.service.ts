import path from 'node:path';
import type { ChatMessage, ConversationMessage, ForwardBody, ForwardTarget } from '@tribeverse/shared';
import type { StoredAttachment } from '../../lib/attachments.ts';
import { notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { isExpired } from './chat.presenter.ts';
import { isThereFor } from './chat.policy.ts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';
import type { ChatGroupMessagesService } from './chat-groups-messages.service.ts';
import { forwardSourceOf, type ForwardSource } from './chat-forward.types.ts';

export type { ForwardSource };

/** The copy a target's send path stores: the source's text, a copy of its file, and the author it names. */
export interface ForwardCopy {
  text: string;
  attachment?: StoredAttachment;
  clientId?: string;
  forwardedFrom: number;
  /** false: the source's sender removed its link preview, and the copy has none either. */
  linkPreview?: false;
}

export type ForwardedMessage = ChatMessage | ConversationMessage;

/**
 * One kind of conversation as forwarding sees it: where copies come from and go to. Direct and group chats are
 * registered by chat itself; another kind (a community's channel) registers its own through `ChatApi.forwarding`,
 * with its own `to` shape added to `forwardTargetSchema`.
 */
export interface ForwardEndpoint {
  /**
   * The message if it is one of this kind's and `me` may read it now (by the kind's own rule), else null: another
   * kind may hold it, or nobody may see it, which forwarding answers alike (404).
   */
  source(me: number, messageId: number): Promise<ForwardSource | null>;
  /** Whether `to` names a conversation of this kind. */
  accepts(to: ForwardTarget): boolean;
  /**
   * Sends the copy through the kind's own send path: its write rules (refused as a send there would be), its batch,
   * its idempotency by client id and its broadcast.
   */
  send(me: number, to: ForwardTarget, copy: ForwardCopy): Promise<ForwardedMessage>;
}

/**
 * Forwarding, once for every kind: the caller must be able to read the message now and to write where it goes. The
 * copy is a new message of the target, sent as any message there; its file is a new stored file, so deleting either
 * leaves the other, and the source's link never opens for the target's members. It names only the original author,
 * never where it came from.
 */
export class ForwardService {
  private readonly endpoints: ForwardEndpoint[] = [];

  constructor(private readonly media: MediaStorage) {}

  register(endpoint: ForwardEndpoint) {
    this.endpoints.push(endpoint);
  }

  async forward(me: number, body: ForwardBody): Promise<ForwardedMessage> {
    const source = await this.findSource(me, body.message_id);
    const target = this.endpoints.find((e) => e.accepts(body.to));
    if (!target) throw notFound('Conversation not found.');
    const attachment = await this.copyOf(source);
    // A file gone from the disk leaves nothing to pass on when it was all there was.
    if (!source.text && !attachment) throw notFound('Message not found.');
    return target.send(me, body.to, {
      text: source.text,
      attachment,
      clientId: body.client_id,
      forwardedFrom: source.authorId,
      ...(!source.linkPreview && { linkPreview: false as const }),
    });
  }

  private async findSource(me: number, messageId: number): Promise<ForwardSource> {
    for (const endpoint of this.endpoints) {
      const source = await endpoint.source(me, messageId);
      if (source) return source;
    }
    throw notFound('Message not found.');
  }

  /** The source's file, read to be stored again by the target's send path under a new name. */
  private async copyOf(source: ForwardSource): Promise<StoredAttachment | undefined> {
    if (!source.mediaUrl) return undefined;
    const data = await this.media.read(source.mediaUrl);
    if (!data) return undefined;
    const extension = path.extname(source.mediaUrl).slice(1);
    return {
      data,
      extension,
      mediaType: source.mediaType ?? 'application/octet-stream',
      fileName: source.fileName ?? `attachment.${extension}`,
      // A voice note stays one: its measure was the server's own, taken from the audio when it was first sent.
      ...(source.voice && { voice: source.voice }),
    };
  }
}

/** Direct chats: a message of one's own pair that is there for one; sent to a member as a private message. */
export function directForwarding(repo: ChatRepository, chat: ChatService): ForwardEndpoint {
  return {
    async source(me, messageId) {
      const row = await repo.findById(messageId);
      if (!row || (row.held && row.senderId !== me) || !isThereFor(me, row, isExpired(row), await repo.isHiddenFor(messageId, me)))
        return null;
      return forwardSourceOf(row);
    },
    accepts: (to) => 'peer_id' in to,
    send: (me, to, copy) =>
      chat.send(
        me,
        { peer_id: (to as { peer_id: number }).peer_id, text: copy.text, client_id: copy.clientId, link_preview: copy.linkPreview },
        copy.attachment,
        undefined,
        copy.forwardedFrom,
      ),
  };
}

/** Group chats: a message a current member may see in their history; sent to a group the caller is in. */
export function groupForwarding(groups: ChatGroupMessagesService): ForwardEndpoint {
  return {
    source: (me, messageId) => groups.forwardSource(me, messageId),
    accepts: (to) => 'group_id' in to,
    send: (me, to, copy) =>
      groups.send(
        me,
        (to as { group_id: number }).group_id,
        { text: copy.text, client_id: copy.clientId, link_preview: copy.linkPreview },
        copy.attachment,
        undefined,
        copy.forwardedFrom,
      ),
  };
}
