import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/apiError';

/** Shared staleness so screens agree on when to refetch. */
export const STALE = {
  SECONDS: 15_000,
  MINUTE: 60_000,
  MINUTES5: 5 * 60_000,
} as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: STALE.SECONDS,
      // The API client already toasted the failure; one retry is enough for flaky mobile networks.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
