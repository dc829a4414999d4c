import { usePollOf } from '../../lib/api/polls';
import { useAuth } from '../../lib/auth';
import { PollCard } from './poll-card';

/**
 * The poll on a group's or a channel's message, when it has one (a direct message never does: it is not asked for).
 * `me`: the member, as the conversation knows them.
 */
export function MessagePoll({ message, me }: { message: { id: number; group_id?: number; channel_id?: number }; me: number }) {
  const inConversation = message.group_id !== undefined || message.channel_id !== undefined;
  return inConversation ? <ConversationPoll messageId={message.id} me={me} /> : null;
}

function ConversationPoll({ messageId, me }: { messageId: number; me: number }) {
  const { data: poll } = usePollOf({ kind: 'message', id: messageId }, me);
  return poll ? <PollCard poll={poll} me={me} /> : null;
}

/** The poll on a post, when it has one. */
export function PostPoll({ postId }: { postId: number }) {
  const { user } = useAuth();
  const { data: poll } = usePollOf({ kind: 'post', id: postId }, user?.id);
  return poll ? <PollCard poll={poll} me={user?.id} /> : null;
}
