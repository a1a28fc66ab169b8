import { create } from 'zustand';
import { call } from '../../lib/api';

interface LikeState {
  liked: boolean;
  count: number;
}

/**
 * Optimistic likes as an overlay (not edits scattered over every cached copy of a post): the feed,
 * the detail page and search results all read a post's like through `useLike`, keyed `p:<id>` or
 * `c:<id>`. The request sends the wanted state (`like`), so a retry or a double tap is idempotent.
 */
const useOverlay = create<{ map: Record<string, LikeState>; set: (k: string, v: LikeState) => void }>((set) => ({
  map: {},
  set: (k, v) => set((s) => ({ map: { ...s.map, [k]: v } })),
}));

export function useLike(kind: 'post' | 'comment', id: number, server: LikeState) {
  const key = `${kind === 'post' ? 'p' : 'c'}:${id}`;
  const overlay = useOverlay((s) => s.map[key]);
  const setOverlay = useOverlay((s) => s.set);
  const shown = overlay ?? server;
  const toggle = async () => {
    const before = shown;
    const want = !before.liked;
    setOverlay(key, { liked: want, count: Math.max(0, before.count + (want ? 1 : -1)) });
    try {
      const r = kind === 'post' ? await call('forumLike', { post_id: id, like: want }) : await call('forumCommentLike', { comment_id: id, like: want });
      setOverlay(key, { liked: r.liked, count: r.like_count });
    } catch {
      setOverlay(key, before);
    }
  };
  return { ...shown, toggle };
}
