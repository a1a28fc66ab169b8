import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function forumRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { forumPosts: posts, forumComments: comments, forumCatalog: catalog } = env.services;
  const o = env.plain;
  serve(app, api.forumCate, o, () => catalog.categories());
  serve(app, api.forumFetch, o, ({ query, auth }) => posts.feed(query, auth?.user ?? null));
  serve(app, api.forumCreate, o, ({ me, body }) => posts.create(me.user, body));
  serve(app, api.forumInfo, o, ({ query, auth }) => posts.info(query.id, auth?.user ?? null));
  serve(app, api.forumLike, o, ({ me, body }) => posts.like(me.user, body.post_id, body.like));
  serve(app, api.forumDel, o, ({ me, body }) => posts.remove(me.user, body.id));
  serve(app, api.forumComments, o, ({ query, auth }) => comments.list(query.post_id, query.page, query.size, auth?.user ?? null));
  serve(app, api.forumCreateComment, o, ({ me, body }) => comments.create(me.user, body));
  serve(app, api.forumCommentLike, o, ({ me, body }) => comments.like(me.user, body.comment_id, body.like));
  serve(app, api.forumDelComment, o, ({ me, body }) => comments.remove(me.user, body.id));
  serve(app, api.forumCommentInbox, o, ({ me, query }) => comments.inbox(me.user.id, query.page, query.size));
  serve(app, api.forumCommentInboxRead, o, ({ me, body }) => comments.inboxRead(me.user.id, body.all ? 'all' : (body.ids ?? [])));
  serve(app, api.forumCommentInboxDel, o, ({ me, body }) => comments.inboxDelete(me.user.id, body.all ? 'all' : (body.ids ?? [])));
  serve(app, api.forumAdLinks, o, () => catalog.ads());
  serve(app, api.forumTags, o, ({ query }) => catalog.tags(query));
  serve(app, api.forumTagInfo, o, ({ query }) => catalog.tag(query.id));
  serve(app, api.forumActivities, o, ({ query }) => catalog.activities(query.page, query.size));
  serve(app, api.forumActivityInfo, o, ({ query }) => catalog.activity(query.id));
  serve(app, api.forumHotSearch, o, () => catalog.hotSearches());
  serve(app, api.forumSearch, o, ({ query, auth }) => catalog.search(query, auth?.user ?? null));
}
