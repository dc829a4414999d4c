import { useMutation } from '@tanstack/react-query';
import type { SaveInterestsBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const saveInterests = (body: SaveInterestsBody) => api<{ message: string }>('/interests', { method: 'PATCH', body });
export const useSaveInterests = () => useMutation({ mutationFn: saveInterests });
