import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { OPERATOR_ROLES } from '../operatorRoles.js';
import { id, strict, userBrief } from './common.js';

/** What an operator may use in the console (decision 0199): the owner everything, the others their part. */
export const operatorRole = z.enum(OPERATOR_ROLES);

/** A six-digit code of an authenticator app. */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入6位验证码');

/** The caller's place in the console: their role and where they stand with the second factor. */
export const operatorMe = z.object({
  role: operatorRole,
  second_factor: z.object({
    enrolled: z.boolean().describe('an authenticator app is set up'),
    verified: z.boolean().describe('this session passed the second factor'),
    required: z.boolean().describe('the console refuses this session until it passes (OPERATOR_2FA)'),
  }),
});
export type OperatorMe = z.infer<typeof operatorMe>;

/** One operator as the owner sees them. */
export const operatorEntry = z.object({
  user: userBrief,
  role: operatorRole,
  second_factor: z.boolean().describe('an authenticator app is set up'),
  recovery_codes_left: z.number().int(),
  updated_at: isoTime,
});
export type OperatorEntry = z.infer<typeof operatorEntry>;

/** Console: the caller's own sign-in (second factor), and the owner's list of operators and their roles. */
export const adminOperatorRoutes = {
  adminMe: defineRoute({
    method: 'GET',
    path: '/api/admin/me',
    auth: 'operator',
    tag: 'admin',
    summary: "The caller's console role and second-factor state (answered before the second factor)",
    data: operatorMe,
  }),
  admin2faSetup: defineRoute({
    method: 'POST',
    path: '/api/admin/2fa/setup',
    auth: 'operator',
    tag: 'admin',
    summary: 'Start enrolling an authenticator app: a new secret and its otpauth:// link (for the QR code); refused once enrolled',
    body: strict({}),
    data: z.object({ secret: z.string().describe('base32, for typing in by hand'), otpauth_url: z.string() }),
  }),
  admin2faEnable: defineRoute({
    method: 'POST',
    path: '/api/admin/2fa/enable',
    auth: 'operator',
    tag: 'admin',
    summary: 'Finish enrolling with a code of the app: answers the recovery codes, shown this once; this session counts as verified',
    body: strict({ code: totpCode }),
    data: z.object({ recovery_codes: z.array(z.string()) }),
  }),
  admin2faVerify: defineRoute({
    method: 'POST',
    path: '/api/admin/2fa/verify',
    auth: 'operator',
    tag: 'admin',
    summary: 'Pass the second factor for this session: a code of the app or an unused recovery code (5 wrong codes lock it 15 minutes)',
    body: strict({ code: z.string().trim().min(6, '请输入验证码').max(24, '验证码格式不正确') }),
    data: z.object({ verified: z.literal(true), recovery_codes_left: z.number().int() }),
  }),
  adminOperators: defineRoute({
    method: 'GET',
    path: '/api/admin/operators',
    auth: 'operator',
    tag: 'admin',
    summary: 'Every operator with their role and second factor (owner only)',
    data: z.object({ list: z.array(operatorEntry) }),
  }),
  adminOperatorSave: defineRoute({
    method: 'POST',
    path: '/api/admin/operators/save',
    auth: 'operator',
    tag: 'admin',
    summary: "Give a registered member a console role, change an operator's role, or (role null) make them a member again (owner only)",
    body: strict({ user_id: id, role: operatorRole.nullable() }),
    data: z.object({ user_id: z.number().int(), role: operatorRole.nullable() }),
  }),
  adminOperator2faReset: defineRoute({
    method: 'POST',
    path: '/api/admin/operators/2fa-reset',
    auth: 'operator',
    tag: 'admin',
    summary: "Remove an operator's authenticator app and recovery codes: they enrol again at their next console sign-in (owner only)",
    body: strict({ user_id: id }),
    data: z.object({ user_id: z.number().int() }),
  }),
};
