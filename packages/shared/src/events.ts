import type { CommentDeletedEvent, CommentNewEvent, PostDeletedEvent, PostLikedEvent, PostSharedEvent, PublicPost } from './schemas/feed.ts';

import type {
  BlockUpdatedEvent,
  ChatAck,
  ChatMessage,
  ConversationReadEvent,
  MessageReadEvent,
  PresenceUpdateEvent,
  ReadAck,
  ReceiptsChangedEvent,
  SendAck,
  TypingUpdateEvent,
} from './schemas/chat.ts';

import type { Notification, NotificationReadEvent } from './schemas/notifications.ts';

/** socket.io events on the /ws/chat namespace. Later features add their payloads here. */
export interface ServerToClientEvents {
  'session:revoked': () => void;
  /** Notifications: only to the member's own sockets (every tab), after the write committed. */
  'notification:new': (notification: Notification) => void;
  'notification:read': (event: NotificationReadEvent) => void;
  /** Private chat: sent only to the rooms of the two people of the conversation. */
  'message:new': (message: ChatMessage) => void;
  'message:updated': (message: ChatMessage) => void;
  'message:deleted': (message: ChatMessage) => void;
  'message:reacted': (message: ChatMessage) => void;
  'message:read': (event: MessageReadEvent) => void;
  'conversation:read': (event: ConversationReadEvent) => void;
  'typing:update': (event: TypingUpdateEvent) => void;
  'presence:update': (event: PresenceUpdateEvent) => void;
  'block:updated': (event: BlockUpdatedEvent) => void;
  /** A member turned read receipts off or on: to them and everyone they talk with, whose read times change. */
  'receipts:changed': (event: ReceiptsChangedEvent) => void;
  /** Feed: payloads are the same for every member; each client works out its own flags (is_mine from author.id). */
  'post:new': (post: PublicPost) => void;
  'post:updated': (post: PublicPost) => void;
  'post:deleted': (event: PostDeletedEvent) => void;
  'post:liked': (event: PostLikedEvent) => void;
  'post:shared': (event: PostSharedEvent) => void;
  'comment:new': (event: CommentNewEvent) => void;
  'comment:deleted': (event: CommentDeletedEvent) => void;
}

export interface ClientToServerEvents {
  ping: (ack: (at: number) => void) => void;
  /** Payloads are validated on the server with the same schemas as HTTP (sendMessageBodySchema, markReadBodySchema). */
  'message:send': (payload: unknown, ack: (result: SendAck) => void) => void;
  'message:read': (payload: unknown, ack?: (result: ReadAck) => void) => void;
  'typing:start': (payload: unknown) => void;
  'typing:stop': (payload: unknown) => void;
  /**
   * The open chat's peer ({ peer_id }, presenceWatchPayloadSchema): this socket gets their presence:update live even
   * without a conversation yet, unless a block stands between them. One peer per socket; unwatch stops it.
   */
  'presence:watch': (payload: unknown, ack?: (result: ChatAck<object>) => void) => void;
  'presence:unwatch': () => void;
}
