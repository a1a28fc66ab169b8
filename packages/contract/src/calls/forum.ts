import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { line, opaque, text as multiline } from '../text.js';
import { id, idNumber, names, strict, userBrief } from './common.js';

/** Limits of the forum (docs/decisions/0024-what-a-forum-post-holds.md, 0029-comments-threaded-one-level.md). */
export const FORUM_LIMITS = {
  POST_MAX: 2000,
  COMMENT_MAX: 500,
  IMAGES_MAX: 9,
  TAGS_MAX: 5,
  SEARCH_MAX: 40,
} as const;

export const forumCate = z.object({ id: z.number().int(), name: z.string(), names, sort: z.number().int() });
export type ForumCate = z.infer<typeof forumCate>;

export const postTag = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  description: z.string(),
  post_count: z.number().int(),
  hot: z.boolean(),
});
export type PostTag = z.infer<typeof postTag>;

export const forumActivity = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  rules: z.string(),
  tag_id: z.number().int().nullable().describe('posts with this topic join the activity'),
  start_at: isoTime,
  end_at: isoTime,
  status: z.enum(['upcoming', 'ongoing', 'ended']),
  post_count: z.number().int(),
});
export type ForumActivity = z.infer<typeof forumActivity>;

export const adLink = z.object({ id: z.number().int(), title: z.string(), image: z.string(), url: z.string() });
export type AdLink = z.infer<typeof adLink>;

export const place = z.object({
  name: line().trim().min(1).max(60),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof place>;

export const forumPost = z.object({
  id: z.number().int(),
  user: userBrief,
  cate_id: z.number().int(),
  activity_id: z.number().int().nullable(),
  content: z.string().describe('plain text, shown as text (never HTML)'),
  images: z.array(z.string()),
  video: z.string().describe('empty when none'),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  location: place.nullable(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  is_liked: z.boolean(),
  is_mine: z.boolean(),
  created_at: isoTime,
});
export type ForumPost = z.infer<typeof forumPost>;

const commentBase = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  parent_id: z.number().int().nullable().describe('the top-level comment this replies to'),
  user: userBrief,
  reply_to: userBrief.nullable().describe('whose comment or reply was answered'),
  content: z.string(),
  like_count: z.number().int(),
  is_liked: z.boolean(),
  is_mine: z.boolean(),
  created_at: isoTime,
});
export const forumReply = commentBase;
export type ForumReply = z.infer<typeof forumReply>;
/** A top-level comment with its replies (threaded one level). */
export const forumComment = commentBase.extend({ replies: z.array(forumReply), reply_count: z.number().int() });
export type ForumComment = z.infer<typeof forumComment>;

/** One entry of the "comments on my posts / replies to me" inbox. */
export const commentNotice = z.object({
  id: z.number().int(),
  kind: z.enum(['comment', 'reply']),
  from: userBrief,
  post_id: z.number().int(),
  post_excerpt: z.string(),
  comment_id: z.number().int(),
  content: z.string(),
  is_read: z.boolean(),
  created_at: isoTime,
});
export type CommentNotice = z.infer<typeof commentNotice>;

/** A cursor page: `cursor` from the previous answer's `next_cursor` (stable while new posts arrive). */
export const cursorPageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), next_cursor: z.string().nullable(), has_more: z.boolean() });

const text = (max: number) => multiline().trim().min(1, '内容不能为空').max(max, `内容最多${max}字`);
const mediaUrl = opaque()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/|https?:\/\/)/, '地址无效');
const likeToggle = z.object({ liked: z.boolean(), like_count: z.number().int() });
const forumTag = 'forum';

export const forumRoutes = {
  forumCate: defineRoute({
    method: 'GET',
    path: 'bbs/post/cate',
    auth: 'public',
    tag: forumTag,
    summary: 'Forum categories (the tabs of the community page)',
    data: z.object({ list: z.array(forumCate) }),
  }),
  forumFetch: defineRoute({
    method: 'GET',
    path: 'bbs/post/fetch',
    auth: 'public',
    tag: forumTag,
    summary:
      'The feed: latest (newest first), hot (likes and comments, recent first), following (people I follow); filtered by category, topic, activity or author',
    query: z.object({
      type: z.enum(['latest', 'hot', 'following', 'mine']).default('latest'),
      cate_id: id.optional(),
      tag_id: id.optional(),
      activity_id: id.optional(),
      user_id: id.optional(),
      cursor: opaque().max(40).optional(),
      size: z.coerce.number().int().min(1).max(50).default(10),
    }),
    data: cursorPageOf(forumPost),
  }),
  forumCreate: defineRoute({
    method: 'POST',
    path: 'bbs/post/create',
    auth: 'member',
    tag: forumTag,
    summary: 'Publish a post: text, up to 9 uploaded images or one video, topics, category, optional place',
    body: strict({
      content: text(FORUM_LIMITS.POST_MAX),
      images: z.array(mediaUrl).max(FORUM_LIMITS.IMAGES_MAX, `最多${FORUM_LIMITS.IMAGES_MAX}张图片`).default([]),
      video: mediaUrl.optional(),
      tag_ids: z.array(idNumber).max(FORUM_LIMITS.TAGS_MAX, `最多${FORUM_LIMITS.TAGS_MAX}个话题`).default([]),
      cate_id: idNumber,
      activity_id: idNumber.optional(),
      location: place.optional(),
    }).refine((b) => !(b.video && b.images.length > 0), { message: '图片和视频只能选一种', path: ['video'] }),
    data: forumPost,
  }),
  forumInfo: defineRoute({
    method: 'GET',
    path: 'bbs/post/info',
    auth: 'public',
    tag: forumTag,
    summary: 'One post',
    query: z.object({ id }),
    data: forumPost,
  }),
  forumComments: defineRoute({
    method: 'GET',
    path: 'bbs/post/comment',
    auth: 'public',
    tag: forumTag,
    summary: 'Comments of a post, oldest first, each with its replies',
    query: pageQuery.extend({ post_id: id }),
    data: pageOf(forumComment),
  }),
  forumCreateComment: defineRoute({
    method: 'POST',
    path: 'bbs/post/create_comment',
    auth: 'member',
    tag: forumTag,
    summary: 'Comment on a post, or reply to a comment (parent_id: a comment or a reply; threads stay one level deep)',
    body: strict({ post_id: idNumber, content: text(FORUM_LIMITS.COMMENT_MAX), parent_id: idNumber.optional() }),
    data: forumReply,
  }),
  forumCommentLike: defineRoute({
    method: 'POST',
    path: 'bbs/post/comment/like',
    auth: 'member',
    tag: forumTag,
    summary: 'Like or unlike a comment (toggles; `like` sets the state)',
    body: strict({ comment_id: idNumber, like: z.boolean().optional() }),
    data: likeToggle,
  }),
  forumAdLinks: defineRoute({
    method: 'GET',
    path: 'bbs/post/ad_link/fetch',
    auth: 'public',
    tag: forumTag,
    summary: 'Banner ads of the community page (clicks are counted with home/statistics, source forum)',
    data: z.object({ list: z.array(adLink) }),
  }),
  forumTags: defineRoute({
    method: 'GET',
    path: 'bbs/post/post_tag/fetch',
    auth: 'public',
    tag: forumTag,
    summary: 'Topics, most posts first',
    query: pageQuery.extend({ keyword: line().trim().max(FORUM_LIMITS.SEARCH_MAX).optional() }),
    data: pageOf(postTag),
  }),
  forumTagInfo: defineRoute({
    method: 'GET',
    path: 'bbs/post/post_tag/info',
    auth: 'public',
    tag: forumTag,
    summary: 'One topic',
    query: z.object({ id }),
    data: postTag,
  }),
  forumActivities: defineRoute({
    method: 'GET',
    path: 'bbs/post/activity/fetch',
    auth: 'public',
    tag: forumTag,
    summary: 'Activities: ongoing first, then upcoming, then ended',
    query: pageQuery,
    data: pageOf(forumActivity),
  }),
  forumActivityInfo: defineRoute({
    method: 'GET',
    path: 'bbs/post/activity/info',
    auth: 'public',
    tag: forumTag,
    summary: 'One activity',
    query: z.object({ id }),
    data: forumActivity,
  }),
  forumLike: defineRoute({
    method: 'POST',
    path: 'bbs/post/like',
    auth: 'member',
    tag: forumTag,
    summary: 'Like or unlike a post (toggles; `like` sets the state, so a retry is idempotent)',
    body: strict({ post_id: idNumber, like: z.boolean().optional() }),
    data: likeToggle,
  }),
  forumDel: defineRoute({
    method: 'POST',
    path: 'bbs/post/del',
    auth: 'member',
    tag: forumTag,
    summary: 'Delete a post (its author or an operator)',
    body: strict({ id: idNumber }),
    data: z.object({ deleted: z.literal(true) }),
  }),
  forumDelComment: defineRoute({
    method: 'POST',
    path: 'bbs/post/del_comment',
    auth: 'member',
    tag: forumTag,
    summary: "Delete a comment and its replies (its author or an operator); answers the post's new comment count",
    body: strict({ id: idNumber }),
    data: z.object({ deleted: z.literal(true), comment_count: z.number().int() }),
  }),
  forumCommentInbox: defineRoute({
    method: 'GET',
    path: 'bbs/post/comment/read',
    auth: 'member',
    tag: forumTag,
    summary: 'Comments on my posts and replies to me, newest first, with the unread count',
    query: pageQuery,
    data: pageOf(commentNotice).extend({ unread: z.number().int() }),
  }),
  forumCommentInboxRead: defineRoute({
    method: 'POST',
    path: 'bbs/post/comment/read',
    auth: 'member',
    tag: forumTag,
    summary: 'Mark inbox entries read (ids) or all of them (all: true)',
    body: strict({ ids: z.array(idNumber).max(100).optional(), all: z.boolean().optional() }).refine((b) => (b.ids && b.ids.length > 0) || b.all === true, {
      message: '需要 ids 或 all',
      path: ['ids'],
    }),
    data: z.object({ unread: z.number().int() }),
  }),
  forumCommentInboxDel: defineRoute({
    method: 'POST',
    path: 'bbs/post/comment/read/del',
    auth: 'member',
    tag: forumTag,
    summary: 'Remove inbox entries (ids) or all of them (all: true)',
    body: strict({ ids: z.array(idNumber).max(100).optional(), all: z.boolean().optional() }).refine((b) => (b.ids && b.ids.length > 0) || b.all === true, {
      message: '需要 ids 或 all',
      path: ['ids'],
    }),
    data: z.object({ unread: z.number().int() }),
  }),
  forumHotSearch: defineRoute({
    method: 'GET',
    path: 'bbs/post/search/fetch',
    auth: 'public',
    tag: forumTag,
    summary: 'Hot searches of the community',
    data: z.object({ list: z.array(z.string()) }),
  }),
  forumSearch: defineRoute({
    method: 'GET',
    path: 'bbs/post/search',
    auth: 'public',
    tag: forumTag,
    summary: 'Search posts, topics or users by keyword (the keyword counts toward hot searches)',
    query: pageQuery.extend({
      keyword: line().trim().min(1, '请输入关键词').max(FORUM_LIMITS.SEARCH_MAX),
      type: z.enum(['post', 'tag', 'user']).default('post'),
    }),
    data: z.object({
      posts: z.array(forumPost),
      tags: z.array(postTag),
      users: z.array(userBrief),
      has_more: z.boolean(),
    }),
  }),
};
