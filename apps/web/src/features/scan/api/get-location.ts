import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScanLocationState } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { scanKeys } from './keys';

export const locationQuery = () => queryOptions({ queryKey: scanKeys.location, queryFn: () => api<ScanLocationState>('/scan/location') });

/** Whether the member is visible in scans, and until when. */
export const useScanLocation = () => useQuery(locationQuery());
