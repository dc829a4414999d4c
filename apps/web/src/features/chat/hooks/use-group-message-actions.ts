import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationMessage } from '@tribeverse/shared';
import { appConfirm } from '../../../components/ui/app-dialog';
import type { MessageActions } from '../../../components/conversation/message-menu';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { upsertGroupMessage } from '../api/group-cache';
import { deleteInGroup, editInGroup, reactInGroup } from '../api/groups';
import { setGroupPinned } from '../api/pins';
import { chatKeys } from '../api/keys';

type Change =
  | { kind: 'react'; id: number; emoji: string }
  | { kind: 'edit'; id: number; text: string }
  | { kind: 'delete'; id: number }
  | { kind: 'pin'; id: number; pinned: boolean };

const failures: Record<Change['kind'], string> = {
  react: 'Could not react.',
  edit: 'Could not edit the message.',
  delete: 'Could not delete the message.',
  pin: 'Could not change the pin.',
};

/**
 * Reactions, edits, deletions and (admins) pins in a group: the answer replaces the message in the open history, its
 * pins and the list's preview; the socket brings the same change to every member. A failure says why.
 */
export function useGroupMessageActions(
  groupId: number,
  me: number,
  mode: { reply(m: ConversationMessage): void; edit(m: ConversationMessage): void },
  options: { isAdmin?: boolean; onForward?(m: ConversationMessage): void } = {},
) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (c: Change) =>
      c.kind === 'react'
        ? reactInGroup(groupId, c.id, c.emoji)
        : c.kind === 'edit'
          ? editInGroup(groupId, c.id, c.text)
          : c.kind === 'pin'
            ? setGroupPinned(groupId, c.id, c.pinned)
            : deleteInGroup(groupId, c.id),
    onSuccess: (message) => {
      if (message) upsertGroupMessage(queryClient, { ...message, group_id: message.group_id ?? groupId });
      void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
    },
    onError: (error, c) => toast.error(errorMessage(error, failures[c.kind])),
  });

  const actions: MessageActions<ConversationMessage> = {
    onReply: mode.reply,
    onEdit: mode.edit,
    // In a group one deletes one's own messages, for everyone (there is no 'for me' copy to clear); an admin also
    // removes anyone's, which everyone then sees as removed by an admin (the server holds both rules).
    canDelete: (m) => !m.deleted && !m.system && (m.sender_id === me || options.isAdmin === true),
    deleteLabel: (m) => (m.sender_id === me ? 'Delete…' : 'Remove…'),
    onDelete: async (m) => {
      const own = m.sender_id === me;
      const sure = await appConfirm({
        title: own ? 'Delete message?' : 'Remove message?',
        message: own
          ? 'It will be deleted for everyone in the group.'
          : 'It will be removed for everyone in the group, shown as removed by an admin.',
        confirmLabel: own ? 'Delete for everyone' : 'Remove',
        danger: true,
      });
      if (sure) change.mutate({ kind: 'delete', id: m.id });
    },
    onReact: (m, emoji) => change.mutate({ kind: 'react', id: m.id, emoji }),
    // A group's admins pin and unpin (the server holds it too).
    canPin: () => options.isAdmin === true,
    onPin: (m, pinned) => change.mutate({ kind: 'pin', id: m.id, pinned }),
    onForward: options.onForward,
  };
  return { actions, saveEdit: (m: ConversationMessage, text: string) => change.mutate({ kind: 'edit', id: m.id, text }) };
}
