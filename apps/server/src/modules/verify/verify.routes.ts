import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function verifyRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { verify } = env.services;
  const o = env.limited;
  serve(app, api.uniqueCode, o, ({ req }) => verify.uniqueCode(req.ip));
  serve(app, api.captchaImg, o, ({ query }) => verify.captchaImage(query.unique_code));
  serve(app, api.captchaCheck, o, ({ body }) => verify.checkCaptcha(body.unique_code, body.captcha));
  serve(app, api.sendSms, o, ({ query, req }) => verify.sendSms(query, req.ip));
  serve(app, api.verifySms, o, async ({ query }) => {
    await verify.checkSms(query.mobile, query.scene, query.code);
    return { valid: true as const };
  });
  serve(app, api.devLastSms, env.plain, ({ query }) => verify.devLastSms(query.mobile));
  serve(app, api.devCaptchaAnswer, env.plain, ({ query }) => verify.devCaptchaAnswer(query.unique_code));
}
