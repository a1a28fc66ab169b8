import type { ClipSource, UserBrief, VideoCard, VideoResource } from '@app/contract';
import type { ListedVideo } from './video.repository.js';
import type { VideoResourceRow, VideoRow } from './video.tables.js';

const GONE: UserBrief = { id: 0, uuid: '', nickname: '已注销用户', avatar: '', vip_level: 0, level: 0, is_anchor: false };

/** A published video as a list card: its own cover, else the poster frame. */
export const toCard = (v: ListedVideo, users: Map<number, UserBrief>, clip: ClipSource | null = null): VideoCard => ({
  id: v.id,
  title: v.title,
  cover: v.cover || v.poster,
  duration: Number(v.duration),
  width: v.width,
  height: v.height,
  views: v.views,
  likes: v.likes,
  price: Number(v.price),
  cate_id: v.cate_id,
  user: users.get(v.user_id) ?? GONE,
  created_at: v.created_at,
  clip,
});

/** One upload with its transcode state and, once published, its video. */
export const toResource = (r: VideoResourceRow, v: VideoRow | undefined): VideoResource => ({
  id: r.id,
  status: r.status,
  duration: Number(r.duration),
  width: r.width,
  height: r.height,
  size: Number(r.total),
  poster: r.poster,
  error: r.error,
  video: v ? { id: v.id, title: v.title, cover: v.cover || r.poster, price: Number(v.price), views: v.views } : null,
  created_at: r.created_at,
});
