import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { opaque } from '../text.js';
import { id, session, strict } from './common.js';

export const bulletin = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  created_at: isoTime,
});
export type Bulletin = z.infer<typeof bulletin>;

export const homeRoutes = {
  visitor: defineRoute({
    method: 'GET',
    path: 'home/visitor',
    auth: 'public',
    tag: 'home',
    summary: 'Start a guest session for this device (the Device header); the same device gets the same guest',
    data: session,
  }),
  verifyVisitor: defineRoute({
    method: 'POST',
    path: 'home/verify_visitor',
    auth: 'public',
    tag: 'home',
    summary: 'Check that a stored guest token is still valid',
    body: strict({ token: opaque().min(1).max(128) }),
    data: z.object({ valid: z.boolean(), session: session.nullable() }),
  }),
  bulletin: defineRoute({
    method: 'GET',
    path: 'home/bulletin',
    auth: 'public',
    tag: 'home',
    summary: 'Announcements, pinned first then newest; with id, that one only',
    query: pageQuery.extend({ id: id.optional() }),
    data: pageOf(bulletin),
  }),
  statistics: defineRoute({
    method: 'GET',
    path: 'home/statistics',
    auth: 'public',
    tag: 'home',
    summary: 'Count a click on an ad or banner',
    query: z.object({ ad_id: id, source: z.enum(['home', 'forum', 'launch', 'live']).default('home') }),
    data: z.object({ counted: z.literal(true) }),
  }),
};
