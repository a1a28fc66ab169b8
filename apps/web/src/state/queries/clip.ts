import type { Clip } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { newRequestId } from './finance';
import { videoKeys } from './video';

/** What a clip is cut from: the room's live, or with replay_id a replay of it from start_s. */
export interface ClipTarget {
  room_id: number;
  replay_id?: number;
  start_s?: number;
}

export interface ClipDraft extends ClipTarget {
  seconds: number;
  title?: string;
}

/**
 * Makes a clip of the room's live or of a replay (clip/create). A refusal rejects without a toast:
 * the ✂ sheet shows its message itself. The caller keeps `requestId` for one intended clip, so a
 * retry of the same tap makes it once.
 */
export function useCreateClip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, requestId = newRequestId() }: { draft: ClipDraft; requestId?: string }): Promise<Clip> =>
      call('clipCreate', { request_id: requestId, ...draft }, { silent: true }),
    // The new clip is a video: the feed's lists show it.
    onSuccess: () => void qc.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
