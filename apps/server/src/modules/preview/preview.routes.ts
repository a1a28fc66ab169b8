import type { FastifyInstance } from 'fastify';
import { api, ErrorCode } from '@app/contract';
import { ShiftedClock } from '../../devClock.js';
import { BizError } from '../../http/errors.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Live previews (contract calls/livePreview.ts), and the development clock they are tried with. */
export function previewRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { previews } = env.services;
  const o = env.plain;
  serve(app, api.previewCreate, o, ({ me, body }) => previews.create(me.user.id, body));
  serve(app, api.previewEdit, o, ({ me, body }) => previews.edit(me.user.id, body));
  serve(app, api.previewCancel, o, ({ me, body }) => previews.cancel(me.user.id, body.preview_id));
  serve(app, api.previewRemind, o, ({ me, body }) => previews.remind(me.user.id, body.preview_id, body.on));
  serve(app, api.previewOfAnchor, o, ({ auth, query }) => previews.ofAnchor(query.anchor_id, auth?.user.id ?? null));
  serve(app, api.previewFollowing, o, ({ me }) => previews.following(me.user.id));
  serve(app, api.devClockAdvance, o, async ({ body }) => {
    const clock = previews.clock;
    if (!(clock instanceof ShiftedClock)) throw new BizError(ErrorCode.FORBIDDEN, '这个实例的时钟不能调整');
    return { now: new Date(clock.advance(body.advance_ms)).toISOString() };
  });
}
