import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { id, strict, userBrief } from './common.js';

/** What can be reported and moderated. */
export const reportTargetType = z.enum(['post', 'comment', 'video']);
export type ReportTargetType = z.infer<typeof reportTargetType>;
/** What a member can report: a piece of content, or a person (from their card in a room). */
export const reportTarget = z.enum(['post', 'comment', 'video', 'user']);
export type ReportTarget = z.infer<typeof reportTarget>;

export const reportStatus = z.enum(['open', 'resolved', 'dismissed']);

/** A piece of content as the console shows it (post, comment or video), with its moderation state. */
export const moderatedItem = z.object({
  type: reportTargetType,
  id: z.number().int(),
  post_id: z.number().int().nullable().describe('the post a comment belongs to'),
  user: userBrief,
  content: z.string(),
  images: z.array(z.string()),
  hidden: z.boolean(),
  flagged: z.boolean().describe('contains a word of the sensitive-word list (as stored: masked)'),
  report_count: z.number().int().describe('open reports'),
  clip_of: userBrief.nullable().describe('a video that is a clip: the anchor whose live it was cut from; null otherwise'),
  created_at: isoTime,
});
export type ModeratedItem = z.infer<typeof moderatedItem>;

export const report = z.object({
  id: z.number().int(),
  target_type: reportTarget,
  target_id: z.number().int(),
  target_user: userBrief.nullable().describe('the reported person (target_type user; null when gone)'),
  reporter: userBrief,
  reason: z.string(),
  status: reportStatus,
  created_at: isoTime,
  item: moderatedItem.nullable().describe('null when the content is gone'),
});
export type Report = z.infer<typeof report>;

export const sensitiveWord = z.object({ id: z.number().int(), word: z.string(), created_at: isoTime });

const target = { type: reportTargetType, id };

/** Console: reports, flagged content, hide / delete, the sensitive-word list; and the members' report call. */
export const adminContentRoutes = {
  reportCreate: defineRoute({
    method: 'POST',
    path: 'report/create',
    auth: 'member',
    tag: 'report',
    summary: 'Report a post, comment, video or person to the operators (once per member and item; again answers the same)',
    body: strict({ target_type: reportTarget, target_id: id, reason: line().trim().min(1, '请选择或填写举报原因').max(200, '原因最多200字') }),
    data: z.object({ id: z.number().int() }),
  }),
  adminReports: defineRoute({
    method: 'GET',
    path: '/api/admin/reports',
    auth: 'operator',
    tag: 'admin',
    summary: 'Reports (default open), newest first, with the reported content',
    query: pageQuery.extend({ status: reportStatus.default('open') }),
    data: pageOf(report),
  }),
  adminReportDismiss: defineRoute({
    method: 'POST',
    path: '/api/admin/reports/dismiss',
    auth: 'operator',
    tag: 'admin',
    summary: 'Dismiss the open reports of an item or person (nothing wrong with it)',
    body: strict({ type: reportTarget, id }),
    data: z.object({ dismissed: z.number().int() }),
  }),
  adminContent: defineRoute({
    method: 'GET',
    path: '/api/admin/content',
    auth: 'operator',
    tag: 'admin',
    summary: 'Posts, comments or videos, newest first: all, reported, flagged (sensitive words) or hidden',
    query: pageQuery.extend({
      type: reportTargetType.default('post'),
      filter: z.enum(['all', 'reported', 'flagged', 'hidden']).default('all'),
      keyword: line().trim().max(40).optional(),
    }),
    data: pageOf(moderatedItem),
  }),
  adminContentHide: defineRoute({
    method: 'POST',
    path: '/api/admin/content/hide',
    auth: 'operator',
    tag: 'admin',
    summary: 'Hide (or show again) a post, comment or video: hidden content leaves every feed and list; open reports of it are resolved',
    body: strict({ ...target, hidden: z.boolean().default(true) }),
    data: z.object({ type: reportTargetType, id: z.number().int(), hidden: z.boolean() }),
  }),
  adminContentDelete: defineRoute({
    method: 'POST',
    path: '/api/admin/content/delete',
    auth: 'operator',
    tag: 'admin',
    summary: 'Delete a post (with its comments), a comment (with its replies) or a video; open reports are resolved',
    body: strict(target),
    data: z.object({ deleted: z.literal(true) }),
  }),
  adminWords: defineRoute({
    method: 'GET',
    path: '/api/admin/words',
    auth: 'operator',
    tag: 'admin',
    summary: 'The sensitive-word list (masked with asterisks in new posts and comments)',
    data: z.object({ list: z.array(sensitiveWord) }),
  }),
  adminWordAdd: defineRoute({
    method: 'POST',
    path: '/api/admin/words/add',
    auth: 'operator',
    tag: 'admin',
    summary: 'Add words to the sensitive-word list (ones already there are kept)',
    body: strict({ words: z.array(line().trim().min(1, '词不能为空').max(20, '每个词最多20字')).min(1, '至少一个词').max(50, '一次最多50个词') }),
    data: z.object({ list: z.array(sensitiveWord) }),
  }),
  adminWordRemove: defineRoute({
    method: 'POST',
    path: '/api/admin/words/remove',
    auth: 'operator',
    tag: 'admin',
    summary: 'Remove a word from the sensitive-word list',
    body: strict({ id }),
    data: z.object({ list: z.array(sensitiveWord) }),
  }),
};
