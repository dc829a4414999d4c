import type { Conversation, GroupListItem } from '@tribeverse/shared';
import { useConversations } from './get-conversations';
import { useGroups } from './groups';

/** One row of the chat list: a direct chat or a group, with the time of its latest activity. */
export type ChatListEntry = { kind: 'direct'; conversation: Conversation } | { kind: 'group'; group: GroupListItem };

const timeOf = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};
export const activityOf = (entry: ChatListEntry) =>
  timeOf(entry.kind === 'direct' ? entry.conversation.updated_at : entry.group.last_message?.created_at);

/**
 * Direct chats and groups in one list, newest activity first. Each list comes from the server newest first; merging
 * them keeps each one's own order.
 */
export function chatListEntries(conversations: Conversation[], groups: GroupListItem[]): ChatListEntry[] {
  const direct = conversations.map((conversation): ChatListEntry => ({ kind: 'direct', conversation }));
  const grouped = groups.map((group): ChatListEntry => ({ kind: 'group', group }));
  const out: ChatListEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < direct.length || j < grouped.length) {
    const takeGroup = j < grouped.length && (i >= direct.length || activityOf(grouped[j]!) > activityOf(direct[i]!));
    out.push(takeGroup ? grouped[j++]! : direct[i++]!);
  }
  return out;
}

/**
 * The chat list as the sidebar shows it and /chat/{index} reads it: ready only once both lists have answered, so a
 * row's index never shifts under a click. A failed group list leaves the direct chats usable (with its own error).
 */
export function useChatList() {
  const conversations = useConversations();
  const groups = useGroups();
  const entries = chatListEntries(conversations.data?.conversations ?? [], groups.data?.groups ?? []);
  return {
    entries,
    isPending: conversations.isPending || groups.isPending,
    isSuccess: conversations.isSuccess,
    /** The direct chats failed: nothing trustworthy to show. */
    isError: conversations.isError,
    groupsFailed: groups.isError,
    refetch: () => Promise.all([conversations.refetch(), groups.isError || conversations.isError ? groups.refetch() : null]),
    refetchGroups: () => groups.refetch(),
  };
}
