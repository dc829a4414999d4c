import { useQuery } from '@tanstack/react-query';
import type { HeldPosts } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';
import { adminKeys } from './keys';

/** GET /api/admin/held: posts a 'hold' filter kept back, oldest first. */
export const useHeldPosts = () =>
  useQuery({ queryKey: adminKeys.held, queryFn: ({ signal }) => api<HeldPosts>('/admin/held', { signal }) });

/** Release (the post reaches everyone) or remove (taken down; its author is told why and may appeal). */
export const useDecideHeld = () =>
  useAdminMutation(({ postId, release, note }: { postId: number; release: boolean; note?: string }) =>
    release
      ? api<HeldPosts>(`/admin/held/${postId}/release`, { method: 'POST' })
      : api<HeldPosts>(`/admin/held/${postId}/remove`, { method: 'POST', body: note ? { note } : {} }),
  );
