import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { adminQueryClient } from './query-client';

/** Gives the admin pages their query client; mounted by the admin layout only. */
export function AdminQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={adminQueryClient}>{children}</QueryClientProvider>;
}
