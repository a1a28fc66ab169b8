import { z } from 'zod';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { mobile, smsCode, smsScene, strict } from './common.js';

const uniqueCode = z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'unique_code 无效');

/**
 * Verification flow (seed §7): get a unique_code, show its captcha image, check the captcha
 * (captcha_check), then send the SMS code (message/captcha) and verify it (message/verify).
 */
export const verifyRoutes = {
  uniqueCode: defineRoute({
    method: 'GET',
    path: 'common/message/unique_code',
    auth: 'public',
    tag: 'verify',
    summary: 'A fresh key that ties a captcha image to the SMS request that follows',
    data: z.object({ unique_code: z.string(), expires_in: z.number().int() }),
  }),
  captchaImg: defineRoute({
    method: 'GET',
    path: 'common/captcha_img',
    auth: 'public',
    tag: 'verify',
    summary: 'Image captcha for a unique_code (SVG data URL); asking again replaces the answer',
    query: z.object({ unique_code: uniqueCode }),
    data: z.object({ image: z.string().describe('data:image/svg+xml;base64,…'), expires_in: z.number().int() }),
  }),
  captchaCheck: defineRoute({
    method: 'POST',
    path: 'common/message/captcha_check',
    auth: 'public',
    tag: 'verify',
    summary: 'Check the image captcha; a passed unique_code allows one SMS',
    body: strict({ unique_code: uniqueCode, captcha: line().trim().min(1, '请输入图形验证码').max(8) }),
    data: z.object({ passed: z.literal(true) }),
  }),
  sendSms: defineRoute({
    method: 'GET',
    path: 'common/message/captcha',
    auth: 'public',
    tag: 'verify',
    summary: 'Send a 6-digit SMS code; needs a unique_code that passed captcha_check; 60 s between sends',
    query: z.object({ mobile, scene: smsScene, unique_code: uniqueCode }),
    data: z.object({ sent: z.literal(true), resend_in: z.number().int(), expires_in: z.number().int() }),
  }),
  verifySms: defineRoute({
    method: 'GET',
    path: 'common/message/verify',
    auth: 'public',
    tag: 'verify',
    summary: 'Check an SMS code without using it up (the forget-password flow checks it before the new password)',
    query: z.object({ mobile, scene: smsScene, code: smsCode }),
    data: z.object({ valid: z.literal(true) }),
  }),
  devLastSms: defineRoute({
    method: 'GET',
    path: '/api/dev/sms/last',
    auth: 'public',
    tag: 'dev',
    summary: 'Outside production: the last SMS code the log sink sent to a number (for tests)',
    devOnly: true,
    query: z.object({ mobile }),
    data: z.object({ code: z.string(), scene: smsScene, sent_at: z.string() }),
  }),
  devCaptchaAnswer: defineRoute({
    method: 'GET',
    path: '/api/dev/captcha',
    auth: 'public',
    tag: 'dev',
    summary: 'Outside production: the answer of a captcha image (for tests)',
    devOnly: true,
    query: z.object({ unique_code: uniqueCode }),
    data: z.object({ answer: z.string() }),
  }),
};
