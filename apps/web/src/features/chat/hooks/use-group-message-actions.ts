import { useQueryClient } from '@tanstack/react-query';
import type { ConversationMessage } from '@tribeverse/shared';
import type { MessageActions } from '../../../components/conversation/message-menu';
import { useMessageChanges } from '../../../components/conversation/use-message-changes';
import { upsertGroupMessage } from '../api/group-cache';
import { deleteInGroup, editInGroup, reactInGroup } from '../api/groups';
import { setGroupPinned } from '../api/pins';
import { chatKeys } from '../api/keys';

/**
 * What a member may do with a group's messages (components/conversation/use-message-changes): admins remove
 * anyone's and pin. The answer replaces the message in the open history, its pins and the list's preview.
 */
export function useGroupMessageActions(
  groupId: number,
  me: number,
  mode: { reply(m: ConversationMessage): void; edit(m: ConversationMessage): void },
  options: { isAdmin?: boolean; onForward?(m: ConversationMessage): void } = {},
) {
  const queryClient = useQueryClient();
  const { actions, saveEdit } = useMessageChanges<ConversationMessage>({
    me,
    moderator: options.isAdmin === true,
    calls: {
      // The group's call toggles: the member's reaction goes on, or off when it is there.
      react: (id, emoji) => reactInGroup(groupId, id, emoji),
      edit: (id, text) => editInGroup(groupId, id, text),
      remove: (id) => deleteInGroup(groupId, id),
      pin: (id, pinned) => setGroupPinned(groupId, id, pinned),
    },
    onChanged: (message) => {
      if (message) upsertGroupMessage(queryClient, { ...message, group_id: message.group_id ?? groupId });
      void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
    },
    deleteText: 'It will be deleted for everyone in the group.',
    removeText: 'It will be removed for everyone in the group, shown as removed by an admin.',
  });
  const all: MessageActions<ConversationMessage> = { ...actions, onReply: mode.reply, onEdit: mode.edit, onForward: options.onForward };
  return { actions: all, saveEdit };
}
