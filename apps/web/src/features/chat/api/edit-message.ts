import type { ChatMessage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useMessageMutation } from './message-mutation';

export const editMessage = (id: number, text: string) => api<ChatMessage>(`/chat/messages/${id}`, { method: 'PATCH', body: { text } });

export const useEditMessage = () =>
  useMessageMutation(({ id, text }: { id: number; text: string }) => editMessage(id, text), 'Could not edit the message.');
