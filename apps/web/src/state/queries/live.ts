import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';
import { invalidateMoney, newRequestId, setCoin } from './finance';

/** Query keys of the VIP page, fan clubs and go-live alert switches. */
export const liveKeys = {
  all: ['live'] as const,
  vip: () => ['live', 'vip'] as const,
  club: (anchorId: number) => ['live', 'club', anchorId] as const,
  alert: (anchorId: number) => ['live', 'alert', anchorId] as const,
};

const useMember = (): boolean => {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return token !== '' && !isGuest;
};

/** My VIP tier and user level with the next steps (user/vip). */
export function useVipStatus() {
  return useQuery({ queryKey: liveKeys.vip(), queryFn: () => call('vipStatus', undefined, { silent: true }), enabled: useMember(), staleTime: STALE.SECONDS });
}

/** An anchor's fan club with my membership (fanclub/info). */
export function useFanClub(anchorId: number, enabled = true) {
  return useQuery({
    queryKey: liveKeys.club(anchorId),
    queryFn: () => call('fanClubInfo', { anchor_id: anchorId }, { silent: true }),
    enabled: enabled && anchorId > 0,
    staleTime: STALE.SECONDS,
  });
}

/** Joins a club with its join gift (one request_id per tap); the wallet and the club refresh. */
export function useJoinFanClub(anchorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('fanClubJoin', { request_id: newRequestId(), anchor_id: anchorId }),
    onSuccess: (r) => {
      setCoin(qc, r.coin);
      invalidateMoney(qc);
      void qc.invalidateQueries({ queryKey: liveKeys.all });
    },
  });
}

export function useLeaveFanClub(anchorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('fanClubLeave', { anchor_id: anchorId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: liveKeys.club(anchorId) }),
  });
}

/** Whether I get this anchor's go-live alerts, and the switch. */
export function useLiveAlertSwitch(anchorId: number, enabled: boolean) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: liveKeys.alert(anchorId),
    queryFn: () => call('liveAlertGet', { anchor_id: anchorId }, { silent: true }),
    enabled: enabled && anchorId > 0,
    staleTime: STALE.SECONDS,
  });
  const m = useMutation({
    mutationFn: (on: boolean) => call('liveAlertSet', { anchor_id: anchorId, on }),
    onSuccess: (r) => qc.setQueryData(liveKeys.alert(anchorId), r),
  });
  return { on: q.data?.on ?? true, set: m.mutate, pending: m.isPending };
}
