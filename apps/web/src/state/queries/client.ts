import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError, ClientCode } from '../../lib/apiError';

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
      // A request that failed because the device is offline waits for the network (networkMode
      // 'online' pauses the retry until then) and tries again, however often that happens.
      retry: (count, err) =>
        (err instanceof ApiError && err.code === ClientCode.NETWORK && !onlineManager.isOnline()) ||
        (count < 1 && !(err instanceof ApiError && err.status >= 400)),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
