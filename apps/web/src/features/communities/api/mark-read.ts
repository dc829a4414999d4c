import { api } from '../../../lib/api-client';

/** Moves the member's read position forward (never back); the answer carries the new totals. */
export const markCommunityRead = (id: number, upToId: number) =>
  api<{ community_id: number; unread: number; total_unread: number }>(`/communities/${id}/read`, {
    method: 'POST',
    body: { up_to_id: upToId },
  });
