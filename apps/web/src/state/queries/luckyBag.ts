import type { LuckyBagPrize, LuckyBagTask } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { newRequestId } from './finance';

/** The caller's side of the room's bag (luckybag/room), refetched when `version` moves (a room event, the sheet opened). */
export function useLuckyBagMine(roomId: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: ['luckybag', 'room', roomId, version],
    queryFn: () => call('luckyBagRoom', { room_id: roomId }, { silent: true }),
    enabled,
    staleTime: 0,
  });
}

export interface LuckyBagDraft {
  room_id: number;
  prize: LuckyBagPrize;
  coins?: number;
  gift_id?: number;
  task: LuckyBagTask;
  minutes: number;
  winners: number;
}

/** The lucky bag calls of the room screen (each failure is toasted as code[msg] by the api client). */
export const luckyBagCalls = {
  room: (roomId: number) => call('luckyBagRoom', { room_id: roomId }, { silent: true }),
  create: (draft: LuckyBagDraft, requestId = newRequestId()) => call('luckyBagCreate', { request_id: requestId, ...draft }),
  enter: (bagId: number) => call('luckyBagEnter', { bag_id: bagId }),
};
