import { useMutation } from '@tanstack/react-query';
import type { ScanBody, ScanResult } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { saveLastScan } from '../stores/last-scan';

export const runScan = (body: ScanBody) => api<ScanResult>('/scan', { method: 'POST', body });

/** A scan; its answer is kept for the results page (and a reload of it) until the next scan. */
export function useRunScan() {
  return useMutation({
    mutationFn: runScan,
    onSuccess: (result, body) => saveLastScan({ body, result }),
  });
}
