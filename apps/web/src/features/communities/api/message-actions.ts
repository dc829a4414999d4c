import { api } from '../../../lib/api-client';
import type { CommunityMessage } from './types';

/**
 * Edit and delete one's own message, remove another's (remove_message), quick reactions, pins (remove_message), in
 * any channel; the answer is the message as stored, and the socket brings it to everyone.
 */
const base = (id: number, messageId: number) => `/communities/${id}/messages/${messageId}`;
type Result = { message: CommunityMessage };
export const editCommunityMessage = async (id: number, messageId: number, text: string) =>
  (await api<Result>(base(id, messageId), { method: 'PATCH', body: { text } })).message;
export const deleteCommunityMessage = async (id: number, messageId: number) =>
  (await api<Result>(base(id, messageId), { method: 'DELETE' })).message;
export const reactToCommunityMessage = async (id: number, messageId: number, emoji: string, on: boolean) =>
  (await api<Result>(`${base(id, messageId)}/reactions/${emoji}`, { method: on ? 'PUT' : 'DELETE' })).message;
export const pinCommunityMessage = async (id: number, messageId: number, pinned: boolean) =>
  (await api<Result>(`${base(id, messageId)}/pin`, { method: 'PUT', body: { pinned } })).message;
