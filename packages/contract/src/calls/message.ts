import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { idNumber, strict } from './common.js';

/**
 * A notice the server writes from a template: the client renders `kind` with `params` in the
 * reader's language. "" for a notice an operator wrote (its words are shown as written).
 */
export const noticeKind = z.enum([
  '',
  'welcome',
  'newcomer_gift',
  'security_tip',
  'anchor_approved',
  'anchor_rejected', // {reason}
  'room_closed', // {title, reason}
  'content_removed', // {target: post | comment | video, action: hidden | deleted}
  'banned', // {scope: chat | post | live | login, reason, until (ISO time)}
  'go_live', // {name: the anchor's nickname, title: the room's title}
  'lucky_bag_won', // {name: the anchor's nickname, coins: whole coins won, or gift: the gift's name}
  'live_preview', // {name: the anchor's nickname, title: the preview's title, at: its time (ISO)}
]);
export type NoticeKind = z.infer<typeof noticeKind>;

export const notice = z.object({
  id: z.number().int(),
  type: z.enum(['system', 'activity', 'account']),
  kind: noticeKind,
  params: z.record(z.string(), z.string()).describe("the template's values, by kind (see noticeKind)"),
  title: z.string().describe("zh-CN text (the template rendered in zh-CN, or the operator's words)"),
  content: z.string(),
  is_read: z.boolean(),
  created_at: isoTime,
});
export type Notice = z.infer<typeof notice>;

export const messageRoutes = {
  messageFetch: defineRoute({
    method: 'GET',
    path: 'message/fetch',
    auth: 'member',
    tag: 'message',
    summary: 'System notices for the user, newest first, with the unread count',
    query: pageQuery,
    data: pageOf(notice).extend({ unread: z.number().int() }),
  }),
  messageRead: defineRoute({
    method: 'POST',
    path: 'message/read',
    auth: 'member',
    tag: 'message',
    summary: 'Mark notices read (ids) or all of them (all: true)',
    body: strict({ ids: z.array(idNumber).max(100).optional(), all: z.boolean().optional() }).refine((b) => (b.ids && b.ids.length > 0) || b.all === true, {
      message: '需要 ids 或 all',
      path: ['ids'],
    }),
    data: z.object({ unread: z.number().int() }),
  }),
};
