import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const subscribeNewsletter = (email: string) =>
  api<{ message: string }>('/newsletter', { method: 'POST', body: { email }, token: null });
export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
