import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { idNumber, strict } from './common.js';

export const notice = z.object({
  id: z.number().int(),
  type: z.enum(['system', 'activity', 'account']),
  title: z.string(),
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
