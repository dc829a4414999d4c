import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScanLocationState } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { scanKeys } from './keys';

/** Turns location off: the stored cell is deleted on the server at once. */
export const clearLocation = () => api<ScanLocationState>('/scan/location', { method: 'DELETE' });

export function useClearLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearLocation,
    onSuccess: (state) => queryClient.setQueryData(scanKeys.location, state),
  });
}
