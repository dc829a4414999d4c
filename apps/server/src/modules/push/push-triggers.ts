import type { Call, ChatMessage, ConversationMessage, Notification, PushKind, PushMessage } from '@tribeverse/shared';
import { userRoom } from '../../realtime/rooms.ts';
import type { PushRepository } from './push.repository.ts';
import type { PushService } from './push.service.ts';

type Person = { name: string | null; username: string | null };
const called = (p: Person | null) => p?.name || p?.username || 'Someone';

/** What a message with no text says in a push: that something was sent. */
function textOf(message: { text: string; media_type: string | null; call?: ChatMessage['call'] }) {
  if (message.text) return message.text;
  if (message.call) return message.call.outcome === 'completed' ? 'Call' : 'Missed call';
  return message.media_type?.startsWith('image') ? 'Sent a photo' : message.media_type ? 'Sent a file' : '';
}

/** A notification as a push: which switch it falls under, and what it says. Null: not pushed. */
function fromNotification(
  n: Notification,
): { kind: PushKind; message: PushMessage; actorId?: number; communityId?: number; channelId?: number } | null {
  const base = { tag: `notification:${n.id}`, kind: n.kind };
  const post = (postId: number) => `/home#post-${postId}`;
  switch (n.kind) {
    case 'like':
    case 'share':
    case 'comment': {
      const p = n.payload;
      const did = n.kind === 'like' ? 'liked your post' : n.kind === 'share' ? 'shared your post' : 'commented on your post';
      const body = n.kind === 'comment' ? n.payload.text : (n.preview ?? undefined);
      return { kind: 'likes', actorId: p.actor_id, message: { ...base, title: `${called(p)} ${did}`, body, url: post(p.post_id) } };
    }
    case 'mention': {
      const p = n.payload;
      const message = { ...base, title: `${called(p)} mentioned you`, body: p.text ?? n.preview ?? undefined, url: post(p.post_id) };
      return { kind: 'mentions', actorId: p.actor_id, message };
    }
    case 'follow':
      return {
        kind: 'follows',
        actorId: n.payload.actor_id,
        message: {
          ...base,
          title: `${called(n.payload)} followed you`,
          url: n.payload.username ? `/u/${encodeURIComponent(n.payload.username)}` : '/notifications',
        },
      };
    case 'community_mention': {
      const p = n.payload;
      const title = `${called(p)} ${p.via === 'reply' ? 'replied to you' : 'mentioned you'} in ${p.community_name}`;
      const url = `/scan-chat/community/${p.community_id}${p.channel_id ? `/${p.channel_id}` : ''}`;
      return {
        kind: 'mentions',
        actorId: p.actor_id,
        communityId: p.community_id,
        channelId: p.channel_id,
        message: { ...base, title, url },
      };
    }
    case 'community_join_request':
    case 'community_invited':
    case 'community_request_approved':
    case 'community_request_declined': {
      const p = n.payload;
      const who = 'actor_id' in p ? called(p) : '';
      const title = {
        community_join_request: `${who} asked to join ${p.community_name}`,
        community_invited: `${who} invited you to ${p.community_name}`,
        community_request_approved: `You are now a member of ${p.community_name}`,
        community_request_declined: `Your request to join ${p.community_name} was declined`,
      }[n.kind];
      const actorId = 'actor_id' in p ? p.actor_id : undefined;
      return {
        kind: 'communities',
        actorId,
        communityId: p.community_id,
        message: { ...base, title, url: `/communities/${p.community_id}` },
      };
    }
    default:
      return null;
  }
}

/**
 * Turns what the app tells members' sockets into pushes for those who have none connected: a direct or group message,
 * and the notifications a member is pushed (mentions and replies, follows, likes and comments, community requests).
 * It hears every event once, on the process that sent it, after it went out; what it starts is tracked, so tests (and
 * shutdown) can wait for it.
 */
export class PushTriggers {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly push: PushService,
    private readonly repository: PushRepository,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /** The events that may push. */
  static readonly EVENTS = ['message:new', 'group:message:new', 'notification:new', 'call:incoming'] as const;

  heard(event: string, payload: unknown, rooms: string[]) {
    const work =
      event === 'message:new'
        ? this.direct(payload as ChatMessage, rooms)
        : event === 'group:message:new'
          ? this.group(payload as ConversationMessage)
          : event === 'notification:new'
            ? this.notification(payload as Notification, rooms)
            : event === 'call:incoming'
              ? this.call(payload as Call)
              : null;
    if (!work) return;
    const tracked: Promise<void> = work
      .catch((error: unknown) => this.log.warn({ err: error, event }, 'could not push'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Resolves once every event heard so far has been turned into pushes (or found to need none). */
  async settled() {
    while (this.pending.size) await Promise.all(this.pending);
  }

  private async direct(m: ChatMessage, rooms: string[]) {
    const to = m.receiver_id;
    if (m.deleted || to === m.sender_id || !rooms.includes(userRoom(to))) return;
    const targets = await this.push.reachable(to);
    if (!targets || (await this.repository.mutes(to, m.sender_id))) return;
    const sender = await this.repository.person(m.sender_id);
    await this.push.tell(
      to,
      'messages',
      {
        kind: 'message',
        title: called(sender),
        body: textOf(m) || undefined,
        url: `/scan-chat/private/${m.sender_id}`,
        tag: `chat:${m.sender_id}`,
        ...(sender?.avatar ? { icon: sender.avatar } : {}),
      },
      'high',
      targets,
    );
  }

  /** A call rings the callee's devices when no tab of theirs is open to ring. */
  private async call(call: Call) {
    const to = call.callee.id;
    const targets = await this.push.reachable(to);
    if (!targets || (await this.repository.mutes(to, call.caller.id))) return;
    const message: PushMessage = {
      kind: 'call',
      title: `${called(call.caller)} is calling`,
      body: call.media === 'video' ? 'Video call' : 'Voice call',
      url: `/scan-chat/private/${call.caller.id}`,
      tag: `call:${call.id}`,
      ...(call.caller.avatar ? { icon: call.caller.avatar } : {}),
    };
    await this.push.tell(to, 'messages', message, 'high', targets);
  }

  private async group(m: ConversationMessage) {
    if (m.deleted || m.system || m.group_id === undefined) return;
    const audience = await this.repository.groupAudience(m.group_id, m.sender_id);
    if (!audience) return;
    const message: PushMessage = {
      kind: 'group_message',
      title: `${called(m.sender)} in ${audience.name}`,
      body: textOf(m) || undefined,
      url: `/scan-chat/private/group/${m.group_id}`,
      tag: `group:${m.group_id}`,
      ...(m.sender.avatar ? { icon: m.sender.avatar } : {}),
    };
    await Promise.all(audience.userIds.map((userId) => this.push.tell(userId, 'messages', message, 'high')));
  }

  private async notification(n: Notification, rooms: string[]) {
    const pushed = fromNotification(n);
    const room = rooms.length === 1 ? /^user:(\d+)$/.exec(rooms[0]!) : null;
    if (!pushed || !room) return;
    const userId = Number(room[1]);
    if (pushed.actorId !== undefined && (await this.repository.mutes(userId, pushed.actorId))) return;
    if (pushed.communityId !== undefined && (await this.repository.mutedCommunity(userId, pushed.communityId, pushed.channelId))) return;
    await this.push.tell(userId, pushed.kind, pushed.message);
  }
}
