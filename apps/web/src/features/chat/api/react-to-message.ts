import type { ChatMessage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useMessageMutation } from './message-mutation';

/** One of the quick reactions, on or off. */
export const setReaction = (id: number, emoji: string, on: boolean) =>
  api<ChatMessage>(`/chat/messages/${id}/reactions/${emoji}`, { method: on ? 'PUT' : 'DELETE' });

export const useReactToMessage = () =>
  useMessageMutation(({ id, emoji, on }: { id: number; emoji: string; on: boolean }) => setReaction(id, emoji, on), 'Could not react.');
