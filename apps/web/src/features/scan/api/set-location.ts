import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScanLocationBody, ScanLocationState } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { scanKeys } from './keys';

/** Sends the position once; the server keeps only the coarse cell it falls in. */
export const setLocation = (body: ScanLocationBody) => api<ScanLocationState>('/scan/location', { method: 'PUT', body });

export function useSetLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLocation,
    onSuccess: (state) => queryClient.setQueryData(scanKeys.location, state),
  });
}
