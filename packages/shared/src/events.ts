import type {
  CommentDeletedEvent,
  CommentNewEvent,
  PostDeletedEvent,
  PostLikedEvent,
  PostSharedEvent,
  PublicPost,
} from './schemas/feed.ts';

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

import type { Call, CallAcceptedEvent, CallEndedEvent, CallResumedEvent, CallSignal } from './schemas/calls.ts';
import type { PollUpdatedEvent } from './schemas/polls.ts';
import type { VoicePlayedEvent } from './schemas/voice.ts';
import type { Notification, NotificationReadEvent } from './schemas/notifications.ts';
import type { FollowUpdatedEvent, MuteUpdatedEvent } from './schemas/people.ts';

import type { CommunityOnline, CommunityRole, CommunityStatus } from './schemas/communities.ts';
import type { CommunityMessage } from './schemas/communities-chat.ts';
import type { Channel, ConversationMessage, Group } from './schemas/conversations.ts';

/** A group's details or members changed (renamed, picture, added, removed, left): to its members' sockets. */
export interface GroupChangedEvent {
  group: Group;
}
/** This member is no longer in the group (removed, or left from another tab): only to their own sockets. */
export interface GroupRemovedEvent {
  group_id: number;
}
/** A member of a group or channel moved their read position: to the conversation's members (for "Seen by N"). */
export interface GroupReadEvent {
  group_id: number;
  user_id: number;
  last_read_id: number;
}
/** A community's channel list changed (added, renamed, reordered, deleted): to its members' sockets. */
export interface ChannelsChangedEvent {
  community_id: number;
  channels: Omit<Channel, 'unread' | 'muted'>[];
}
export type GroupSendAck = ChatAck<{ message: ConversationMessage }>;

/** A member's membership changed (joined, approved, role, time-out): to the community's room and to that member. */
export interface CommunityMembershipChangedEvent {
  community_id: number;
  user_id: number;
  status: CommunityStatus | null;
  role: CommunityRole | null;
  timeout_until: string | null;
}
/** A member is out: they left, were removed or banned; their sockets have already left the room. */
export interface CommunityMembershipRemovedEvent {
  community_id: number;
  user_id: number;
  reason: 'left' | 'removed' | 'banned' | 'declined';
}
/**
 * The caller's read position moved (another tab, or this one), or a mute changed what counts: counts to show.
 * `unread` is the community's (its unmuted channels'); with `channel_id`, the read was in that channel, which has
 * `channel_unread` left.
 */
export interface CommunityReadEvent {
  community_id: number;
  up_to_id: number;
  unread: number;
  total_unread: number;
  channel_id?: number;
  channel_unread?: number;
}
export interface CommunityChangedEvent {
  community_id: number;
}
/**
 * Something in one of a community's tabs changed (a thread or reply, a media post, a like or share, an event or an
 * RSVP): whoever has that tab open asks again, so what each viewer sees (their own likes and RSVPs) stays theirs.
 */
export interface CommunityTabChangedEvent {
  community_id: number;
  tab: 'threads' | 'posts' | 'events';
  /** A thread's replies changed: that thread's reply list asks again too. */
  thread_id?: number;
}
export type CommunitySendAck = ChatAck<{ message: CommunityMessage }>;
export type CommunityReadAck = ChatAck<{
  community_id: number;
  unread: number;
  total_unread: number;
  channel_id?: number;
  channel_unread?: number;
}>;

/** socket.io events on the /ws/chat namespace. Later features add their payloads here. */
export interface ServerToClientEvents {
  'session:revoked': () => void;
  /** Notifications: only to the member's own sockets (every tab), after the write committed. */
  'notification:new': (notification: Notification) => void;
  'notification:read': (event: NotificationReadEvent) => void;
  /** Follows: to the follower's and the followed member's sockets, with both members' new counts. */
  'follow:updated': (event: FollowUpdatedEvent) => void;
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
  /** Mutes: to the muter's own sockets only; the muted member is never told. */
  'mute:updated': (event: MuteUpdatedEvent) => void;
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
  /**
   * Communities: room events go only to the sockets of the community's members (room `community:{id}`). Every message
   * carries its `channel_id`.
   */
  'community:message:new': (message: CommunityMessage) => void;
  'community:message:updated': (message: CommunityMessage) => void;
  'community:message:deleted': (message: CommunityMessage) => void;
  'community:message:reacted': (message: CommunityMessage) => void;
  /**
   * The count of members chatting now (a socket watching the community's chat: community:watch) changed, as this
   * member may see it; `online` holds the first five for the header's avatars. Each new socket gets one per community
   * once it is in the community's room.
   */
  'community:online': (event: CommunityOnline) => void;
  'community:membership:changed': (event: CommunityMembershipChangedEvent) => void;
  'community:membership:removed': (event: CommunityMembershipRemovedEvent) => void;
  /** Only to the member's own sockets. */
  'community:read': (event: CommunityReadEvent) => void;
  /** The community's details changed (name, picture…): refetch it. */
  'community:updated': (event: CommunityChangedEvent) => void;
  'community:deleted': (event: CommunityChangedEvent) => void;
  'community:tab:changed': (event: CommunityTabChangedEvent) => void;
  /**
   * A request to join arrived, was withdrawn, approved or declined: only to the sockets of the community's owner and
   * admins (who manage requests), muted or not, so an open requests tab asks again.
   */
  'community:requests:changed': (event: CommunityChangedEvent) => void;
  'community:channels:changed': (event: ChannelsChangedEvent) => void;
  /** Group chats: only to the sockets of the group's current members (room `group:{id}`). */
  'group:message:new': (message: ConversationMessage) => void;
  'group:message:updated': (message: ConversationMessage) => void;
  'group:message:deleted': (message: ConversationMessage) => void;
  'group:message:reacted': (message: ConversationMessage) => void;
  'group:updated': (event: GroupChangedEvent) => void;
  'group:removed': (event: GroupRemovedEvent) => void;
  'group:read': (event: GroupReadEvent) => void;
  /** Calls: a call rings every socket of the callee (and tells the caller's other tabs it started). */
  'call:incoming': (call: Call) => void;
  /** To the caller's and the callee's sockets: the callee's other tabs stop ringing. */
  'call:accepted': (event: CallAcceptedEvent) => void;
  'call:ended': (event: CallEndedEvent) => void;
  /** An offer, answer or ICE candidate from the other party, only to the socket that is in the call. */
  'call:signal': (signal: CallSignal) => void;
  /** To the other party's socket in the call: the party who was away (socket closed) is back on a new socket. */
  'call:resumed': (event: CallResumedEvent) => void;
  /**
   * A poll's results changed (a vote, a close) or it was just attached: to everyone who may see it (the room of its
   * group or community, or every member the post's author is not blocked from). Never says who voted in an anonymous poll.
   */
  'poll:updated': (event: PollUpdatedEvent) => void;
  /** A voice note is played now as this member sees it: to the listener's sockets, and the sender's on a first play. */
  'voice:played': (event: VoicePlayedEvent) => void;
}

/**
 * Any client event past its member's budget (SOCKET_LIMITS), answered before any work is done for it when the event
 * has an ack (one without is dropped): `retry_in` seconds until the same event would pass.
 */
export interface SocketRateLimited {
  ok: false;
  code: 'RATE_LIMITED';
  msg: string;
  retry_in: number;
}

export interface ClientToServerEvents {
  ping: (ack: (at: number | SocketRateLimited) => void) => void;
  /** Payloads are validated on the server with the same schemas as HTTP (sendMessageBodySchema, markReadBodySchema). */
  'message:send': (payload: unknown, ack: (result: SendAck) => void) => void;
  'message:read': (payload: unknown, ack?: (result: ReadAck) => void) => void;
  /** `{peer_id}` (typingPayloadSchema) in a private chat, `{group_id}` (groupTypingPayloadSchema) in a group. */
  'typing:start': (payload: unknown) => void;
  'typing:stop': (payload: unknown) => void;
  /**
   * The open chat's peer ({ peer_id }, presenceWatchPayloadSchema): this socket gets their presence:update live even
   * without a conversation yet, unless a block stands between them. One peer per socket; unwatch stops it.
   */
  'presence:watch': (payload: unknown, ack?: (result: ChatAck<object>) => void) => void;
  'presence:unwatch': () => void;
  /** communitySendPayloadSchema: persisted before the ack, idempotent by client_id, like message:send. */
  'community:send': (payload: unknown, ack: (result: CommunitySendAck) => void) => void;
  /** communityReadPayloadSchema. */
  'community:read': (payload: unknown, ack?: (result: CommunityReadAck) => void) => void;
  /**
   * communityWatchPayloadSchema: this socket has the community's chat open, and counts among the members chatting
   * now (community:online) from the ack on, until community:unwatch, another watch (one community per socket), a
   * disconnect, or the member's leaving. Members only.
   */
  'community:watch': (payload: unknown, ack?: (result: ChatAck<object>) => void) => void;
  /** The socket closed the chat it watched (payload ignored). */
  'community:unwatch': (payload?: unknown, ack?: (result: ChatAck<object>) => void) => void;
  /** groupSendPayloadSchema: persisted before the ack, idempotent by client_id, like message:send. */
  'group:send': (payload: unknown, ack: (result: GroupSendAck) => void) => void;
  /** callStartPayloadSchema: rings the peer; refused as a direct message would be, or CALL_BUSY. */
  'call:start': (payload: unknown, ack?: (result: ChatAck<{ call: Call }>) => void) => void;
  /** callIdPayloadSchema: this socket answers; the others of the callee stop ringing. */
  'call:accept': (payload: unknown, ack?: (result: ChatAck<{ call: Call }>) => void) => void;
  'call:decline': (payload: unknown, ack?: (result: ChatAck<object>) => void) => void;
  /** Either party ends the call (the caller before an answer cancels it: a missed call). */
  'call:hangup': (payload: unknown, ack?: (result: ChatAck<object>) => void) => void;
  /** callSignalPayloadSchema: relayed only to the other party's socket in the call. */
  'call:signal': (payload: unknown, ack?: (result: ChatAck<object>) => void) => void;
  /**
   * callResumePayloadSchema: after a reconnect, this socket takes the member's place in the active call (their old
   * socket closed, and the call waits CALL_RECONNECT_SECONDS for them); CALL_GONE when it is over.
   */
  'call:resume': (payload: unknown, ack?: (result: ChatAck<{ call: Call }>) => void) => void;
  /** voicePlayedPayloadSchema: the member played a voice note of a conversation they may read (not their own). */
  'voice:played': (payload: unknown, ack?: (result: ChatAck<{ message_id: number }>) => void) => void;
}
