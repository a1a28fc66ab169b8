import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { id, password, strict, userBrief } from './common.js';

/** What a ban stops: room chat and private messages, posts and comments, logging in, going live. */
export const banScope = z.enum(['chat', 'post', 'login', 'live']);
export type BanScope = z.infer<typeof banScope>;

/** Longest ban an operator may give: a year, in minutes. */
export const MAX_BAN_MINUTES = 525_600;

export const userBan = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  scope: banScope,
  until: isoTime,
  reason: z.string(),
  created_by: z.number().int().nullable(),
  created_at: isoTime,
});
export type UserBan = z.infer<typeof userBan>;

/** A user as the console lists them: who they are and what they are banned from now. */
export const adminUser = userBrief.extend({
  account: z.string(),
  mobile: z.string().describe('full number (operators only)'),
  role: z.enum(['guest', 'user', 'operator']),
  created_at: isoTime,
  bans: z.array(userBan).describe('bans in force now'),
});
export type AdminUser = z.infer<typeof adminUser>;

/** One operator action as the audit log keeps it. */
export const auditEntry = z.object({
  id: z.number().int(),
  operator: userBrief.nullable().describe('null: the admin command line'),
  action: z.string().describe('the contract route name (or cli:<command>)'),
  target: z.string().describe('what it acted on, e.g. user:12, post:40, withdrawal:3'),
  detail: z.record(z.string(), z.unknown()).describe('the validated input (secrets removed)'),
  ip: z.string(),
  created_at: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;

const reason = line().trim().min(2, '请填写原因（至少2个字）').max(200, '原因最多200字');

/** Console: users, bans, password resets, the audit log. */
export const adminUserRoutes = {
  adminUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    auth: 'operator',
    tag: 'admin',
    summary: 'Search members by id, mobile, account or nickname (contains); newest first',
    query: pageQuery.extend({
      keyword: line().trim().max(40).optional(),
      banned: z.enum(['1', '0']).optional().describe('1: only users banned from something now'),
    }),
    data: pageOf(adminUser),
  }),
  adminUserBan: defineRoute({
    method: 'POST',
    path: '/api/admin/users/ban',
    auth: 'operator',
    tag: 'admin',
    summary: 'Ban a member from chat, posting, logging in (their sessions end) or going live, for some minutes',
    body: strict({
      user_id: id,
      scope: banScope,
      minutes: z.number({ error: '请填写时长（分钟）' }).int('时长须为整数分钟').min(1, '时长至少1分钟').max(MAX_BAN_MINUTES, '时长最多一年'),
      reason,
    }),
    data: adminUser,
  }),
  adminUserUnban: defineRoute({
    method: 'POST',
    path: '/api/admin/users/unban',
    auth: 'operator',
    tag: 'admin',
    summary: 'Lift a member’s bans of one scope now',
    body: strict({ user_id: id, scope: banScope }),
    data: adminUser,
  }),
  adminUserResetPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/users/reset_password',
    auth: 'operator',
    tag: 'admin',
    summary: 'Set a member’s password; every session of theirs ends',
    body: strict({ user_id: id, password }),
    data: adminUser,
  }),
  adminAudit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'operator',
    tag: 'admin',
    summary: 'The audit log: every operator action, newest first',
    query: pageQuery.extend({ action: line().trim().max(60).optional(), operator_id: id.optional(), target: line().trim().max(60).optional() }),
    data: pageOf(auditEntry),
  }),
};
