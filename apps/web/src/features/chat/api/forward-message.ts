import type { ChatMessage, ConversationMessage, ForwardBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** A copy of a message sent to a direct chat, a group or a community channel; the answer is the copy, in its target's shape. */
export const forwardMessage = async (body: ForwardBody) =>
  (await api<{ message: ChatMessage | ConversationMessage }>('/chat/forward', { method: 'POST', body })).message;
