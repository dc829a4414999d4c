import { useQuery } from '@tanstack/react-query';
import type { HeldKind, HeldQueue } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';
import { adminKeys } from './keys';

/** GET /api/admin/held: posts, comments, messages and profile changes a 'hold' filter kept back, oldest first. */
export const useHeldQueue = () =>
  useQuery({ queryKey: adminKeys.held, queryFn: ({ signal }) => api<HeldQueue>('/admin/held', { signal }) });

/** Release (it reaches everyone) or remove (taken down; its author is told why and may appeal). */
export const useDecideHeld = () =>
  useAdminMutation(({ kind, id, release, note }: { kind: HeldKind; id: number; release: boolean; note?: string }) =>
    release
      ? api<HeldQueue>(`/admin/held/${kind}/${id}/release`, { method: 'POST' })
      : api<HeldQueue>(`/admin/held/${kind}/${id}/remove`, { method: 'POST', body: note ? { note } : {} }),
  );
