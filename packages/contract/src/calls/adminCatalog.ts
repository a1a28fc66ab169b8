import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line, name, opaque } from '../text.js';
import { id, strict } from './common.js';
import { MAX_AMOUNT, money, withdrawPlatformKind } from './finance.js';

/** An asset path: site-relative (an upload or a static file) or an https URL. */
const assetUrl = opaque()
  .trim()
  .max(300)
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, '请填写以 / 开头的站内路径或 https 地址');

export const adminGift = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  url: z.string(),
  price: money,
  sort: z.number().int(),
  vip_min: z.number().int().describe('lowest VIP tier that may send it (0: everyone)'),
  created_at: isoTime,
});
export type AdminGift = z.infer<typeof adminGift>;

export const adminPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price_fen: z.number().int(),
  amount: money,
  bonus: money,
  tag: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminPackage = z.infer<typeof adminPackage>;

const coinsInput = (msg: string) => z.number({ error: msg }).int('须为整数（1/10000 金币）').min(0, '不能为负数').max(MAX_AMOUNT, '金额太大');

export const withdrawRules = z.object({
  min_amount: money.describe('smallest withdrawal'),
  fee_bp: z.number().int().describe('fee in basis points of the amount'),
  platforms: z.array(withdrawPlatformKind).describe('platforms offered to users'),
});
export type WithdrawRulesView = z.infer<typeof withdrawRules>;

/** Console: the gift catalogue (every change bumps gift_version so clients reload it) and the recharge packages. */
export const adminCatalogRoutes = {
  adminGifts: defineRoute({
    method: 'GET',
    path: '/api/admin/gifts',
    auth: 'operator',
    tag: 'admin',
    summary: 'The gift catalogue, by sort, with the current gift_version',
    data: z.object({ list: z.array(adminGift), gift_version: z.number().int() }),
  }),
  adminGiftSave: defineRoute({
    method: 'POST',
    path: '/api/admin/gifts/save',
    auth: 'operator',
    tag: 'admin',
    summary: 'Add a gift (no id) or change one; bumps gift_version',
    body: strict({
      id: id.optional(),
      name: name().trim().min(1, '请填写礼物名称').max(20, '名称最多20字'),
      icon: assetUrl,
      url: assetUrl.or(z.literal('')).describe('animation file ("" for none)'),
      price: coinsInput('请填写价格').refine((n) => n > 0, '价格须大于0'),
      sort: z.number().int('排序须为整数').min(0).max(9999).default(0),
      vip_min: z.number().int('VIP等级须为整数').min(0).max(6, 'VIP等级为0–6').default(0).describe('tier-only gift: lowest VIP tier that may send it'),
    }),
    data: z.object({ gift: adminGift, gift_version: z.number().int() }),
  }),
  adminGiftAnimation: defineRoute({
    method: 'POST',
    path: '/api/admin/gifts/animation',
    auth: 'operator',
    tag: 'admin',
    summary: 'Upload a gift\'s full-screen animation (multipart field "file": Lottie JSON, ≤ 100 KB); answers its address for the gift\'s url',
    multipart: true,
    body: z.strictObject({}),
    data: z.object({ url: z.string(), size: z.number().int() }),
  }),
  adminGiftDelete: defineRoute({
    method: 'POST',
    path: '/api/admin/gifts/delete',
    auth: 'operator',
    tag: 'admin',
    summary: 'Take a gift out of the catalogue (past gift records keep their copy); bumps gift_version',
    body: strict({ id }),
    data: z.object({ deleted: z.literal(true), gift_version: z.number().int() }),
  }),
  adminPackages: defineRoute({
    method: 'GET',
    path: '/api/admin/recharge/packages',
    auth: 'operator',
    tag: 'admin',
    summary: 'Every recharge package, enabled or not',
    data: z.object({ list: z.array(adminPackage) }),
  }),
  adminPackageSave: defineRoute({
    method: 'POST',
    path: '/api/admin/recharge/packages/save',
    auth: 'operator',
    tag: 'admin',
    summary: 'Add a recharge package (no id) or change one (orders already made keep their price and coins)',
    body: strict({
      id: id.optional(),
      name: name().trim().min(1, '请填写套餐名称').max(30),
      price_fen: z.number({ error: '请填写价格（分）' }).int('价格须为整数（分）').min(1, '价格须大于0').max(10_000_000, '价格太大'),
      amount: coinsInput('请填写到账金币').refine((n) => n > 0, '到账金币须大于0'),
      bonus: coinsInput('请填写赠送金币').default(0),
      tag: line().trim().max(8, '角标最多8字').default(''),
      sort: z.number().int().min(0).max(9999).default(0),
      enabled: z.boolean().default(true),
    }),
    data: adminPackage,
  }),
  adminWithdrawRules: defineRoute({
    method: 'GET',
    path: '/api/admin/withdraw/rules',
    auth: 'operator',
    tag: 'admin',
    summary: 'Withdrawal rules in force: minimum, fee, platforms offered (WITHDRAW_* settings until an operator sets them)',
    data: withdrawRules,
  }),
  adminWithdrawRulesSave: defineRoute({
    method: 'POST',
    path: '/api/admin/withdraw/rules',
    auth: 'operator',
    tag: 'admin',
    summary: 'Set the withdrawal minimum (whole coins), fee and platforms; pending withdrawals keep the fee they were asked with',
    body: strict({
      min_amount: z
        .number({ error: '请填写最低提现金额' })
        .int()
        .min(10_000, '最低提现至少1金币')
        .max(MAX_AMOUNT)
        .refine((n) => n % 10_000 === 0, '最低提现须为整数金币'),
      fee_bp: z.number({ error: '请填写手续费' }).int('手续费须为整数（万分之一）').min(0).max(5000, '手续费最多50%'),
      platforms: z.array(withdrawPlatformKind).min(1, '至少保留一种提现方式').max(3),
    }),
    data: withdrawRules,
  }),
};
