import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import 'react-toastify/dist/ReactToastify.css';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { AppDialogHost } from '../components/ui/app-dialog';
import { ToastHost } from './toast-host';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            // A 4xx will not change by asking again.
            retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <ToastHost />
        <AppDialogHost />
      </AuthProvider>
    </QueryClientProvider>
  );
}
