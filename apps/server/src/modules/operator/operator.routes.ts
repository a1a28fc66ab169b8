import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** The console's sign-in (second factor) and the owner's management of operators; audited like every operator write. */
export function operatorRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { operators } = env.services;
  const o = env.plain;
  serve(app, api.adminMe, o, ({ me }) => operators.me(me));
  serve(app, api.admin2faSetup, o, ({ me }) => operators.setup(me));
  serve(app, api.admin2faEnable, o, ({ me, body, req }) => operators.enable(me, body.code, req.ip));
  serve(app, api.admin2faVerify, o, ({ me, body, req }) => operators.verify(me, body.code, req.ip));
  serve(app, api.adminOperators, o, () => operators.list());
  serve(app, api.adminOperatorSave, o, ({ me, body }) => operators.save(me, body.user_id, body.role));
  serve(app, api.adminOperator2faReset, o, ({ body }) => operators.resetSecondFactor(body.user_id));
}
