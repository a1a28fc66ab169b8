import type { ForumActivity, ForumPost, ForumReply, PostTag, UserBrief } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { briefsOf } from '../user/userBriefs.js';
import type { ActivityRow, CommentRow, PostRow, TagRow } from './forum.tables.js';
import { postRepository } from './post.repository.js';

const GONE: UserBrief = { id: 0, uuid: '', nickname: '已注销用户', avatar: '', vip_level: 0, level: 0, is_anchor: false };
const briefOr = (m: Map<number, UserBrief>, id: number) => m.get(id) ?? { ...GONE, id };

function parseImages(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Posts as the contract shows them, for this viewer (likes and "mine" flags). */
export async function postViews(db: Conn, rows: PostRow[], viewerId: number | null): Promise<ForumPost[]> {
  const ids = rows.map((r) => r.id);
  const [briefs, tags, liked] = await Promise.all([
    briefsOf(
      db,
      rows.map((r) => r.user_id),
    ),
    postRepository.tagsOf(db, ids),
    viewerId ? postRepository.likedBy(db, viewerId, ids) : Promise.resolve(new Set<number>()),
  ]);
  return rows.map((r) => ({
    id: r.id,
    user: briefOr(briefs, r.user_id),
    cate_id: r.cate_id,
    activity_id: r.activity_id,
    content: r.content,
    images: parseImages(r.images),
    video: r.video,
    tags: tags.get(r.id) ?? [],
    location:
      r.location_name !== null && r.location_lat !== null && r.location_lng !== null
        ? { name: r.location_name, lat: Number(r.location_lat), lng: Number(r.location_lng) }
        : null,
    like_count: Math.max(0, r.like_count),
    comment_count: Math.max(0, r.comment_count),
    is_liked: liked.has(r.id),
    is_mine: viewerId === r.user_id,
    created_at: r.created_at,
  }));
}

/** Comments and replies as the contract shows them. */
export async function commentViews(db: Conn, rows: CommentRow[], viewerId: number | null, liked: Set<number>): Promise<ForumReply[]> {
  const briefs = await briefsOf(
    db,
    rows.flatMap((r) => (r.reply_to_user_id ? [r.user_id, r.reply_to_user_id] : [r.user_id])),
  );
  return rows.map((r) => ({
    id: r.id,
    post_id: r.post_id,
    parent_id: r.parent_id,
    user: briefOr(briefs, r.user_id),
    reply_to: r.reply_to_user_id ? briefOr(briefs, r.reply_to_user_id) : null,
    content: r.content,
    like_count: Math.max(0, r.like_count),
    is_liked: liked.has(r.id),
    is_mine: viewerId === r.user_id,
    created_at: r.created_at,
  }));
}

export const tagView = (r: TagRow & { post_count: number | string }): PostTag => ({
  id: r.id,
  name: r.name,
  cover: r.cover,
  description: r.description,
  post_count: Number(r.post_count),
  hot: r.hot === 1,
});

export function activityView(r: ActivityRow & { post_count: number | string }, now: string): ForumActivity {
  const status = r.start_at > now ? 'upcoming' : r.end_at <= now ? 'ended' : 'ongoing';
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    summary: r.summary,
    rules: r.rules,
    tag_id: r.tag_id,
    start_at: r.start_at,
    end_at: r.end_at,
    status,
    post_count: Number(r.post_count),
  };
}

/** First characters of a post for the inbox. */
export const excerpt = (text: string, n = 40) => (text.length > n ? `${text.slice(0, n)}…` : text);
