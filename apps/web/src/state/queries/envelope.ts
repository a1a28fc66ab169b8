import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { newRequestId } from './finance';

/** Query keys of red envelopes: one envelope's grabs. */
export const envelopeKeys = {
  detail: (id: number) => ['envelope', 'detail', id] as const,
};

/** One envelope with who grabbed what (envelope/detail), refetched when `version` moves (a room event). */
export function useEnvelopeDetail(id: number | null, version: number) {
  return useQuery({
    queryKey: [...envelopeKeys.detail(id ?? 0), version],
    queryFn: () => call('envelopeDetail', { envelope_id: id ?? 0 }, { silent: true }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface EnvelopeDraft {
  room_id: number;
  amount: number;
  shares: number;
  countdown_s: number;
  greeting: string;
}

/** The red envelope calls of the room screen (each failure is toasted as code[msg] by the api client). */
export const envelopeCalls = {
  room: (roomId: number) => call('envelopeRoom', { room_id: roomId }, { silent: true }),
  send: (draft: EnvelopeDraft, requestId = newRequestId()) => call('envelopeSend', { request_id: requestId, ...draft }),
  grab: (envelopeId: number) => call('envelopeGrab', { envelope_id: envelopeId }),
};
