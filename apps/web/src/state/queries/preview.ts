import type { LivePreview } from '@app/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';

/** Query keys of live previews: an anchor's (their card, their own screen) and those of 关注. */
export const previewKeys = {
  all: ['preview'] as const,
  anchor: (anchorId: number) => ['preview', 'anchor', anchorId] as const,
  following: () => ['preview', 'following'] as const,
};

const useMember = (): boolean => useSession((s) => s.token !== '' && !s.isGuest);

/** Every cached list shows the preview as the server answered it now. */
function putPreview(qc: QueryClient, p: LivePreview) {
  qc.setQueriesData<{ list: LivePreview[] }>({ queryKey: previewKeys.all }, (old) =>
    old ? { list: old.list.map((x) => (x.id === p.id ? { ...p, reminders: p.reminders ?? x.reminders } : x)) } : old,
  );
}

/** An anchor's scheduled previews and those they went live for, soonest first. */
export function useAnchorPreviews(anchorId: number) {
  return useQuery({
    queryKey: previewKeys.anchor(anchorId),
    queryFn: () => call('previewOfAnchor', { anchor_id: anchorId }, { silent: true }),
    enabled: anchorId > 0,
    staleTime: STALE.SECONDS,
  });
}

/** The previews of the anchors I follow (the strip atop 关注). */
export function useFollowingPreviews() {
  return useQuery({
    queryKey: previewKeys.following(),
    queryFn: () => call('previewFollowing', undefined, { silent: true }),
    enabled: useMember(),
    staleTime: STALE.SECONDS,
  });
}

/** 提醒我 / 已预约: the toggle answers the preview as it is now. */
export function usePreviewRemind() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { preview_id: number; on: boolean }) => call('previewRemind', v),
    onSuccess: (p) => putPreview(qc, p),
  });
}

/** Schedule, edit or cancel one of my previews; my lists refresh. */
export function usePreviewSave() {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: previewKeys.all });
  return {
    create: useMutation({ mutationFn: (v: { title: string; starts_at: string }) => call('previewCreate', v), onSuccess: done }),
    edit: useMutation({ mutationFn: (v: { preview_id: number; title: string; starts_at: string }) => call('previewEdit', v), onSuccess: done }),
    cancel: useMutation({ mutationFn: (previewId: number) => call('previewCancel', { preview_id: previewId }), onSuccess: done }),
  };
}
