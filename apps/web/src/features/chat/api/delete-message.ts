import type { ChatMessage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useMessageMutation } from './message-mutation';

/** Delete for everyone. */
export const deleteMessage = (id: number) => api<ChatMessage>(`/chat/messages/${id}`, { method: 'DELETE' });

export const useDeleteMessage = () => useMessageMutation((id: number) => deleteMessage(id), 'Could not delete the message.');
