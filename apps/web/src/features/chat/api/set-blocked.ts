import { api } from '../../../lib/api-client';

/** Block or unblock a member. */
export const setBlocked = (userId: number, blocked: boolean) =>
  api<{ user_id: number; blocked: boolean }>(`/chat/blocks/${userId}`, { method: blocked ? 'POST' : 'DELETE' });
