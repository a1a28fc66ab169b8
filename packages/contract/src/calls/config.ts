import { z } from 'zod';
import { defineRoute } from '../route.js';
import { names } from './common.js';

export const gift = z.object({
  gift_id: z.number().int(),
  name: z.string(),
  names,
  sort: z.number().int(),
  icon: z.string(),
  url: z.string().describe('animation file (Lottie JSON or SVGA)'),
  price: z.number().int().describe('gold coins × 10000'),
  vip_min: z.number().int().describe('lowest VIP tier that may send it (0: everyone)'),
});
export type Gift = z.infer<typeof gift>;

export const appVersion = z.object({
  version: z.string(),
  code: z.number().int(),
  gift_version: z.number().int(),
  force: z.boolean(),
  url: z.string().describe('where the new build is downloaded'),
  notes: z.string(),
});

export const systemConfig = z.object({
  gift: z.array(gift),
  remote_gift: z.string().describe('base URL gift animation files are fetched from'),
  app_version: appVersion,
  game_is_open: z.boolean(),
  video_is_open: z.boolean(),
  app_open_key: z.string().describe('key of the launch splash ad, empty when none'),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  default_lang: z.string(),
  push_public_key: z.string().describe("the server's VAPID public key (base64url) for PushManager.subscribe; empty while push is off"),
});
export type SystemConfig = z.infer<typeof systemConfig>;

const lang = z.enum(['zh-CN', 'en']);

export const configRoutes = {
  commonConfig: defineRoute({
    method: 'GET',
    path: 'common_config',
    auth: 'public',
    tag: 'config',
    summary: 'System configuration read at launch and when the network returns',
    data: systemConfig,
  }),
  currency: defineRoute({
    method: 'GET',
    path: 'common/currency',
    auth: 'public',
    tag: 'config',
    summary: 'The currency shown for a language',
    query: z.object({ lang }),
    data: z.object({
      currency: z.object({
        code: z.string(),
        name: z.string(),
        symbol: z.string(),
        unit: z.number().int().describe('raw amounts per coin (10000)'),
        decimals: z.number().int(),
      }),
    }),
  }),
  languagePack: defineRoute({
    method: 'GET',
    path: 'common/language',
    auth: 'public',
    tag: 'config',
    summary: 'Language pack (type 1 = the client UI catalog)',
    query: z.object({
      lang,
      type: z.coerce
        .number()
        .int()
        .refine((v) => v === 1, 'type 只支持 1'),
    }),
    data: z.object({ lang, version: z.string(), data: z.record(z.string(), z.unknown()) }),
  }),
};
