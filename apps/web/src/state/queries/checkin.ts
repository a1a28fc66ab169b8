import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, RouteData } from '@app/contract';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';
import { invalidateMoney, setCoin } from './finance';

export const checkInKeys = { all: ['checkin'] as const, state: () => ['checkin', 'state'] as const };

/** This week's check-in days, today's state and the streak (GET user/activity/check_in). */
export function useCheckIn() {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return useQuery({
    queryKey: checkInKeys.state(),
    queryFn: () => call('checkInInfo', undefined, { silent: true }),
    enabled: token !== '' && !isGuest,
    staleTime: STALE.MINUTE,
  });
}

/** Checks in for today (POST); the answer replaces the week state and the coin balance. */
export function useDoCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (request_id: string) => call('checkIn', { request_id }, { silent: true }),
    onSuccess: (res) => {
      const { reward: _reward, coin, ...state } = res;
      qc.setQueryData<RouteData<Api['checkInInfo']>>(checkInKeys.state(), state);
      setCoin(qc, coin);
      invalidateMoney(qc);
    },
  });
}
