import { z } from 'zod';
import { defineRoute } from '../route.js';
import { line, opaque } from '../text.js';
import { mobile, nickname, password, session, smsCode, strict } from './common.js';

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: 'user/login',
    auth: 'public',
    tag: 'auth',
    summary: 'Log in with account (mobile or account name) and password; sent with the noToken header',
    // A disabled account is refused with the session code, as its tokens are.
    answers: [401],
    body: strict({
      account: line().trim().min(1, '请输入账号').max(32),
      password: opaque().min(1, '请输入密码').max(64),
      remember: z.boolean().default(false).describe('long-lived token (30 days) instead of 1 day'),
    }),
    data: session,
  }),
  register: defineRoute({
    method: 'POST',
    path: 'register',
    auth: 'public',
    tag: 'auth',
    summary: 'Register with mobile, SMS code and password; the Referer header or invite_code is stored as referral',
    body: strict({
      mobile,
      code: smsCode,
      password,
      nickname: nickname.optional(),
      invite_code: line().trim().max(16).optional(),
    }),
    data: session,
  }),
  forgetPassword: defineRoute({
    method: 'POST',
    path: 'forget_password',
    auth: 'public',
    tag: 'auth',
    summary: 'Set a new password with an SMS code; every existing session of the user is revoked',
    body: strict({ mobile, code: smsCode, password }),
    data: z.object({ reset: z.literal(true) }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: 'user/logout',
    auth: 'session',
    tag: 'auth',
    summary: 'Revoke the current token',
    body: strict({}).optional(),
    data: z.object({ revoked: z.literal(true) }),
  }),
};
