import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldPosts } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/held: posts a 'hold' filter kept back, oldest first. */
export const useHeldPosts = () =>
  useQuery({ queryKey: adminKeys.held, queryFn: ({ signal }) => api<HeldPosts>('/admin/held', { signal }) });

/** Release (the post reaches everyone) or remove (taken down; its author is told why and may appeal). */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, release, note }: { postId: number; release: boolean; note?: string }) =>
      release
        ? api<HeldPosts>(`/admin/held/${postId}/release`, { method: 'POST' })
        : api<HeldPosts>(`/admin/held/${postId}/remove`, { method: 'POST', body: note ? { note } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
