import { z } from 'zod';
import { defineRoute } from '../route.js';
import { opaque, text } from '../text.js';
import { nickname, strict, userInfo } from './common.js';

const birthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式应为 YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), '生日不是有效日期');

export const userRoutes = {
  userInfo: defineRoute({
    method: 'GET',
    path: 'user/info',
    auth: 'session',
    tag: 'user',
    summary: 'The current user (guest or member)',
    data: userInfo,
  }),
  updateUserInfo: defineRoute({
    method: 'PUT',
    path: 'user/info',
    auth: 'member',
    tag: 'user',
    summary: 'Edit nickname, avatar (an uploaded file url), signature, gender, birthday',
    body: strict({
      nickname: nickname.optional(),
      avatar: opaque().max(512).optional(),
      signature: text().max(140, '签名最多140个字').optional(),
      gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
      birthday: birthday.nullable().optional(),
    }),
    data: userInfo,
  }),
};
