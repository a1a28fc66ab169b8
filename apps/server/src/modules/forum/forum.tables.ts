import type { Generated, Selectable } from 'kysely';

/**
 * Row types of the forum tables (migration 0004_forum), merged into the app's `Database` interface.
 * Times are ISO-8601 UTC text; flags are 0/1 integers; `images` is a JSON array of URLs.
 */
export interface ForumCategoriesTable {
  id: Generated<number>;
  name: string;
  /** the name in other languages, JSON (db/names.ts) */
  names: Generated<string>;
  sort: number;
}
export interface ForumTagsTable {
  id: Generated<number>;
  name: string;
  cover: string;
  description: string;
  hot: number;
  sort: number;
  created_at: string;
}
export interface ForumActivitiesTable {
  id: Generated<number>;
  title: string;
  cover: string;
  summary: string;
  rules: string;
  tag_id: number | null;
  start_at: string;
  end_at: string;
  sort: number;
  created_at: string;
}
export interface ForumAdLinksTable {
  id: Generated<number>;
  title: string;
  image: string;
  url: string;
  sort: number;
  enabled: number;
}
export interface ForumPostsTable {
  id: Generated<number>;
  user_id: number;
  cate_id: number;
  activity_id: number | null;
  content: string;
  images: string;
  video: string;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  /** Kept equal to the number of forum_post_likes rows, in the transaction that changes them. */
  like_count: number;
  /** Kept equal to the number of forum_comments rows of the post (comments and replies). */
  comment_count: number;
  created_at: string;
  /** Set when an operator hid the post (migration 0008_admin): it leaves every feed, search and page. */
  hidden_at: Generated<string | null>;
  /** 1 when the sensitive-word filter masked something as it was stored (migration 0008_admin). */
  flagged: Generated<number>;
}
export interface ForumPostTagsTable {
  post_id: number;
  tag_id: number;
}
export interface ForumPostLikesTable {
  post_id: number;
  user_id: number;
  created_at: string;
}
export interface ForumCommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  /** The top-level comment a reply belongs to; null for a top-level comment. */
  parent_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  like_count: number;
  created_at: string;
  /** Set when an operator hid the comment (migration 0008_admin): it leaves the comment lists. */
  hidden_at: Generated<string | null>;
  /** 1 when the sensitive-word filter masked something as it was stored (migration 0008_admin). */
  flagged: Generated<number>;
}
export interface ForumCommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: string;
}
export interface ForumInboxTable {
  id: Generated<number>;
  user_id: number;
  from_user_id: number;
  kind: 'comment' | 'reply';
  post_id: number;
  comment_id: number;
  read_at: string | null;
  created_at: string;
}
export interface ForumSearchesTable {
  keyword: string;
  count: number;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    forum_categories: ForumCategoriesTable;
    forum_tags: ForumTagsTable;
    forum_activities: ForumActivitiesTable;
    forum_ad_links: ForumAdLinksTable;
    forum_posts: ForumPostsTable;
    forum_post_tags: ForumPostTagsTable;
    forum_post_likes: ForumPostLikesTable;
    forum_comments: ForumCommentsTable;
    forum_comment_likes: ForumCommentLikesTable;
    forum_inbox: ForumInboxTable;
    forum_searches: ForumSearchesTable;
  }
}

export type PostRow = Selectable<ForumPostsTable>;
export type CommentRow = Selectable<ForumCommentsTable>;
export type TagRow = Selectable<ForumTagsTable>;
export type ActivityRow = Selectable<ForumActivitiesTable>;
export type InboxRow = Selectable<ForumInboxTable>;
