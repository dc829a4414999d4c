import { useMutation } from '@tanstack/react-query';
import type { ConversationMessage } from '@tribeverse/shared';
import { errorMessage } from '../../lib/format';
import { toast } from '../../lib/toast';
import { appConfirm } from '../ui/app-dialog';
import type { MessageActions } from './message-menu';

/** The calls that change one message of a group or channel; each answers the message as stored (nothing for a 204). */
export interface MessageCalls<M> {
  react(id: number, emoji: string, on: boolean): Promise<M | undefined>;
  edit(id: number, text: string): Promise<M | undefined>;
  remove(id: number): Promise<M | undefined>;
  pin(id: number, pinned: boolean): Promise<M | undefined>;
}

type Change =
  | { kind: 'react'; id: number; emoji: string; on: boolean }
  | { kind: 'edit'; id: number; text: string }
  | { kind: 'remove'; id: number }
  | { kind: 'pin'; id: number; pinned: boolean };

const failures: Record<Change['kind'], string> = {
  react: 'Could not react.',
  edit: 'Could not edit the message.',
  remove: 'Could not delete the message.',
  pin: 'Could not change the pin.',
};

export interface MessageChangesOptions<M> {
  me: number;
  /** Removes others' messages and pins (a group's admins, a community's moderators); the server holds it too. */
  moderator: boolean;
  calls: MessageCalls<M>;
  /** The answer: it replaces the message in its history and pins (the socket brings it to every member too). */
  onChanged(message: M | undefined): void;
  /** What deleting one's own message does ('deleted for everyone in the group'), and what removing another's does. */
  deleteText: string;
  removeText: string;
}

/**
 * Reactions, edits, deletions and pins in a conversation with several members, as the shared message menu offers
 * them: one deletes one's own messages for everyone (there is no 'for me' copy to clear), a moderator also removes
 * anyone's, which everyone then sees as removed. A failure says why.
 */
export function useMessageChanges<M extends ConversationMessage>({
  me,
  moderator,
  calls,
  onChanged,
  deleteText,
  removeText,
}: MessageChangesOptions<M>) {
  const change = useMutation({
    mutationFn: (c: Change) =>
      c.kind === 'react'
        ? calls.react(c.id, c.emoji, c.on)
        : c.kind === 'edit'
          ? calls.edit(c.id, c.text)
          : c.kind === 'pin'
            ? calls.pin(c.id, c.pinned)
            : calls.remove(c.id),
    onSuccess: onChanged,
    onError: (error, c) => toast.error(errorMessage(error, failures[c.kind])),
  });

  const actions = {
    onReact: (m, emoji, on) => change.mutate({ kind: 'react', id: m.id, emoji, on }),
    canDelete: (m) => !m.deleted && !m.removed && !m.system && (m.sender_id === me || moderator),
    deleteLabel: (m) => (m.sender_id === me ? 'Delete…' : 'Remove…'),
    onDelete: async (m) => {
      const own = m.sender_id === me;
      const sure = await appConfirm({
        title: own ? 'Delete message?' : 'Remove message?',
        message: own ? deleteText : removeText,
        confirmLabel: own ? 'Delete for everyone' : 'Remove',
        danger: true,
      });
      if (sure) change.mutate({ kind: 'remove', id: m.id });
    },
    canPin: () => moderator,
    onPin: (m, pinned) => change.mutate({ kind: 'pin', id: m.id, pinned }),
  } satisfies MessageActions<M>;
  return { actions, saveEdit: (m: M, text: string) => change.mutate({ kind: 'edit', id: m.id, text }) };
}
