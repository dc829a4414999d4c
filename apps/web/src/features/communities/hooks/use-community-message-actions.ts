import { useQueryClient } from '@tanstack/react-query';
import type { MessageActions } from '../../../components/conversation/message-menu';
import { forwardRequest } from '../../../lib/conversation/forwarding';
import { useMessageChanges } from '../../../components/conversation/use-message-changes';
import { upsertCommunityMessage } from '../api/cache';
import { deleteCommunityMessage, editCommunityMessage, pinCommunityMessage, reactToCommunityMessage } from '../api/message-actions';
import type { Community, CommunityMessage } from '../api/types';

/**
 * What a member may do with a channel's messages (components/conversation/use-message-changes): react; reply and
 * edit where they may write (`canWrite`); delete their own; with remove_message, remove others' and pin; report
 * others'; forward any (the app's forward dialog). The answer replaces the message in its channel (and its pins).
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
  const { actions, saveEdit } = useMessageChanges<CommunityMessage>({
    me,
    moderator: community.my_rights.includes('remove_message'),
    calls: {
      react: (messageId, emoji, on) => reactToCommunityMessage(id, messageId, emoji, on),
      edit: (messageId, text) => editCommunityMessage(id, messageId, text),
      remove: (messageId) => deleteCommunityMessage(id, messageId),
      pin: (messageId, pinned) => pinCommunityMessage(id, messageId, pinned),
    },
    onChanged: (message) => message && upsertCommunityMessage(qc, message),
    deleteText: 'It will be deleted for everyone in the community.',
    removeText: 'It will be removed for everyone, and shown as removed by a moderator. The removal is recorded in the audit log.',
  });
  const all: MessageActions<CommunityMessage> = {
    ...actions,
    ...(options.canWrite && { onReply: options.reply, onEdit: options.edit }),
    onReport: options.report,
    onForward: forwardRequest.open,
  };
  return { actions: all, saveEdit };
}
