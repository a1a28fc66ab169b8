import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line, name, opaque, text } from '../text.js';
import { id, strict } from './common.js';

/** A site-relative path (an upload or a static file) or an https URL. */
const asset = opaque()
  .trim()
  .max(300)
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, '请填写以 / 开头的站内路径或 https 地址');
/** Where a banner leads: an app route (#/pages/…), a site path or an https URL. */
const link = opaque()
  .trim()
  .max(300)
  .regex(/^(#?\/[^\s]*|https:\/\/[^\s]+)$/, '请填写应用内路径（/pages/…）或 https 地址');
const sort = z.number().int('排序须为整数').min(0).max(9999).default(0);

export const adminBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  url: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const adminCategory = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int(), posts: z.number().int() });
export const adminTopic = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  description: z.string(),
  hot: z.boolean(),
  sort: z.number().int(),
  posts: z.number().int(),
});
export const adminActivity = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  rules: z.string(),
  tag_id: z.number().int().nullable(),
  start_at: isoTime,
  end_at: isoTime,
  sort: z.number().int(),
});
export type AdminBanner = z.infer<typeof adminBanner>;
export type AdminCategory = z.infer<typeof adminCategory>;
export type AdminTopic = z.infer<typeof adminTopic>;
export type AdminActivity = z.infer<typeof adminActivity>;

const read = <D extends z.ZodType>(path: string, summary: string, data: D) =>
  defineRoute({ method: 'GET', path: `/api/admin/forum/${path}`, auth: 'operator', tag: 'admin', summary, data });
const write = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, data: D, body: B) =>
  defineRoute({ method: 'POST', path: `/api/admin/forum/${path}`, auth: 'operator', tag: 'admin', summary, body, data });

/** Console: the community's banners, categories, topics and activities (add and change; banners switch on and off). */
export const adminForumRoutes = {
  adminBanners: read('banners', 'Banner ads of the community page, enabled or not', z.object({ list: z.array(adminBanner) })),
  adminBannerSave: write(
    'banners/save',
    'Add a banner (no id) or change one',
    adminBanner,
    strict({
      id: id.optional(),
      title: line().trim().min(1, '请填写标题').max(40),
      image: asset,
      url: link.or(z.literal('')).describe('"": the banner opens nothing'),
      sort,
      enabled: z.boolean().default(true),
    }),
  ),
  adminCategories: read('categories', 'Post categories with their post counts', z.object({ list: z.array(adminCategory) })),
  adminCategorySave: write(
    'categories/save',
    'Add a category (no id) or rename / reorder one',
    adminCategory,
    strict({ id: id.optional(), name: name().trim().min(1, '请填写分类名').max(10, '分类名最多10字'), sort }),
  ),
  adminTopics: read('topics', 'Topics with their post counts', z.object({ list: z.array(adminTopic) })),
  adminTopicSave: write(
    'topics/save',
    'Add a topic (no id) or change one',
    adminTopic,
    strict({
      id: id.optional(),
      name: name().trim().min(1, '请填写话题名').max(20, '话题名最多20字'),
      cover: asset.or(z.literal('')).default(''),
      description: text().trim().max(200).default(''),
      hot: z.boolean().default(false),
      sort,
    }),
  ),
  adminActivities: read('activities', 'Activities, newest start first', z.object({ list: z.array(adminActivity) })),
  adminActivitySave: write(
    'activities/save',
    'Add an activity (no id) or change one; it runs from start_at to end_at',
    adminActivity,
    strict({
      id: id.optional(),
      title: line().trim().min(1, '请填写活动标题').max(40),
      cover: asset.or(z.literal('')).default(''),
      summary: text().trim().max(200).default(''),
      rules: text().trim().max(2000).default(''),
      tag_id: id.nullable().default(null),
      start_at: z.iso.datetime({ error: '请填写开始时间（ISO 8601）' }),
      end_at: z.iso.datetime({ error: '请填写结束时间（ISO 8601）' }),
      sort,
    }).refine((a) => a.end_at > a.start_at, { path: ['end_at'], message: '结束时间须晚于开始时间' }),
  ),
};
