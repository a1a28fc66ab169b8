import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';

/** Query keys of PK battles: the live anchors one may invite, an anchor's history, the weekly wins. */
export const pkKeys = {
  all: ['pk'] as const,
  anchors: () => ['pk', 'anchors'] as const,
  history: (anchorId: number) => ['pk', 'history', anchorId] as const,
  rank: (token: string) => ['pk', 'rank', token !== ''] as const,
};

/** Live anchors to invite (pk/anchors), refreshed while the sheet is open. */
export function usePkAnchors(enabled: boolean) {
  return useQuery({
    queryKey: pkKeys.anchors(),
    queryFn: () => call('pkAnchors', { page: 1, size: 50 }, { silent: true }),
    enabled,
    staleTime: 0,
    refetchInterval: enabled ? 5000 : false,
  });
}

/** An anchor's finished battles with their wins, losses and draws (pk/history). */
export function usePkHistory(anchorId: number, enabled = true) {
  return useQuery({
    queryKey: pkKeys.history(anchorId),
    queryFn: () => call('pkHistory', { anchor_id: anchorId, page: 1, size: 10 }, { silent: true }),
    enabled: enabled && anchorId > 0,
    staleTime: STALE.SECONDS,
  });
}

/** This week's PK wins (pk/rank), with my place when signed in. */
export function usePkRank(size: number) {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: pkKeys.rank(token), queryFn: () => call('pkRank', { size }, { silent: true }), staleTime: STALE.SECONDS });
}

/** The PK calls of the room screen (each failure is toasted as code[msg] by the api client). */
export const pkCalls = {
  room: (roomId: number) => call('pkRoom', { room_id: roomId }, { silent: true }),
  invite: (roomId: number, durationS: number) => call('pkInvite', { room_id: roomId, duration_s: durationS }),
  answer: (battleId: number, accept: boolean) => call('pkAnswer', { battle_id: battleId, accept }),
  cancel: (battleId: number) => call('pkCancel', { battle_id: battleId }),
  end: (battleId: number) => call('pkEnd', { battle_id: battleId }),
  match: (durationS: number) => call('pkMatch', { duration_s: durationS }),
  matchCancel: () => call('pkMatchCancel'),
  media: (roomId: number) => call('pkMedia', { room_id: roomId }, { silent: true }),
};
