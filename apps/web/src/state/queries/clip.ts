import type { Clip } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { newRequestId } from './finance';
import { videoKeys } from './video';

export interface ClipDraft {
  room_id: number;
  seconds: number;
  title?: string;
}

/**
 * Makes a clip of the room's live (clip/create); a refusal is toasted as code[msg] by the api
 * client. The caller keeps `requestId` for one intended clip, so a retry of the same tap makes it once.
 */
export function useCreateClip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, requestId = newRequestId() }: { draft: ClipDraft; requestId?: string }): Promise<Clip> =>
      call('clipCreate', { request_id: requestId, ...draft }),
    // The new clip is a video: the feed's lists show it.
    onSuccess: () => void qc.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
