import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';
import { iceServersFor } from './call.config.js';

/** Private messages: conversations, history, catch-up, send, read, settings, clear, delete; call ICE servers. */
export function chatRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { chat } = env.services;
  const calls = env.config.call;
  serve(app, api.callIce, env.plain, async ({ me }) => iceServersFor(calls, me.user.id));
  serve(app, api.chatConversations, env.plain, ({ me, query }) => chat.conversations(me.user.id, query.page, query.size));
  serve(app, api.chatConversation, env.plain, ({ me, query }) => chat.conversation(me.user.id, query.user_id));
  serve(app, api.chatHistory, env.plain, ({ me, query }) => chat.history(me.user.id, query.user_id, query.before_id, query.size));
  serve(app, api.chatSync, env.plain, ({ me, query }) => chat.sync(me.user.id, query.after_id, query.size));
  serve(app, api.chatSend, env.plain, ({ me, body }) => chat.send(me.user.id, body));
  serve(app, api.chatRead, env.plain, ({ me, body }) => chat.read(me.user.id, body.user_id, body.up_to_id));
  serve(app, api.chatSetting, env.plain, ({ me, body }) => chat.setting(me.user.id, body.user_id, body));
  serve(app, api.chatClear, env.plain, async ({ me, body }) => {
    await chat.clear(me.user.id, body.user_id, false);
    return { cleared: true };
  });
  serve(app, api.chatDelete, env.plain, async ({ me, body }) => {
    await chat.clear(me.user.id, body.user_id, true);
    return { deleted: true };
  });
}
