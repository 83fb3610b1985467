import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';

/** A refused call (401/403) is an answer, not a hiccup: it is not retried. */
export const backofficeQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    },
  },
});

export const BackofficeProvider = ({ children }: { readonly children: ReactNode }) => (
  <QueryClientProvider client={backofficeQueryClient}>{children}</QueryClientProvider>
);
