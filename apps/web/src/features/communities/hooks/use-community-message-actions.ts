import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageActions } from '../../../components/conversation/message-menu';
import { appConfirm } from '../../../components/ui/app-dialog';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { upsertCommunityMessage } from '../api/cache';
import { deleteCommunityMessage, editCommunityMessage, pinCommunityMessage, reactToCommunityMessage } from '../api/message-actions';
import type { Community, CommunityMessage } from '../api/types';

type Change =
  | { kind: 'react'; id: number; emoji: string; on: boolean }
  | { kind: 'edit'; id: number; text: string }
  | { kind: 'delete'; id: number }
  | { kind: 'pin'; id: number; pinned: boolean };

const failed: Record<Change['kind'], string> = {
  react: 'Could not react.',
  edit: 'Could not edit the message.',
  delete: 'Could not delete the message.',
  pin: 'Could not change the pin.',
};

/**
 * What a member may do with a channel's messages, as the shared message menu offers it: react; reply and edit where
 * they may write (`canWrite`); delete their own; with remove_message, remove others' and pin; report others'. The
 * answer replaces the message in its channel (and its pins); the socket brings the same change to every member.
 */
export function useCommunityMessageActions(
  community: Community,
  me: number,
  options: {
    canWrite: boolean;
    reply(m: CommunityMessage): void;
    edit(m: CommunityMessage): void;
    report(m: CommunityMessage): void;
  },
) {
  const qc = useQueryClient();
  const id = community.id;
  const moderator = community.my_rights.includes('remove_message');
  const change = useMutation({
    mutationFn: (c: Change) =>
      c.kind === 'react'
        ? reactToCommunityMessage(id, c.id, c.emoji, c.on)
        : c.kind === 'edit'
          ? editCommunityMessage(id, c.id, c.text)
          : c.kind === 'pin'
            ? pinCommunityMessage(id, c.id, c.pinned)
            : deleteCommunityMessage(id, c.id),
    onSuccess: (message) => upsertCommunityMessage(qc, message),
    onError: (error, c) => toast.error(errorMessage(error, failed[c.kind])),
  });

  const actions: MessageActions<CommunityMessage> = {
    ...(options.canWrite && { onReply: options.reply, onEdit: options.edit }),
    onReact: (m, emoji, on) => change.mutate({ kind: 'react', id: m.id, emoji, on }),
    canDelete: (m) => !m.deleted && !m.removed && (m.sender_id === me || moderator),
    deleteLabel: (m) => (m.sender_id === me ? 'Delete…' : 'Remove…'),
    onDelete: async (m) => {
      const own = m.sender_id === me;
      const sure = await appConfirm({
        title: own ? 'Delete message?' : 'Remove message?',
        message: own
          ? 'It will be deleted for everyone in the community.'
          : 'It will be removed for everyone, and shown as removed by a moderator. The removal is recorded in the audit log.',
        confirmLabel: own ? 'Delete for everyone' : 'Remove',
        danger: true,
      });
      if (sure) change.mutate({ kind: 'delete', id: m.id });
    },
    onReport: options.report,
    canPin: () => moderator,
    onPin: (m, pinned) => change.mutate({ kind: 'pin', id: m.id, pinned }),
  };
  return { actions, saveEdit: (m: CommunityMessage, text: string) => change.mutate({ kind: 'edit', id: m.id, text }) };
}
