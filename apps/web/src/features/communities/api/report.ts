import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ReportInput {
  reason: string;
  message_id?: number;
  user_id?: number;
}

/** Goes to the community's admins and moderators; the reported member is never told. */
export const reportInCommunity = (id: number, input: ReportInput) =>
  api<unknown>(`/communities/${id}/reports`, { method: 'POST', body: input });

export const useReport = (id: number) => useMutation({ mutationFn: (input: ReportInput) => reportInCommunity(id, input) });
