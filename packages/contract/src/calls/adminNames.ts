import { z } from 'zod';
import { defineRoute } from '../route.js';
import { line, text } from '../text.js';
import { id, strict } from './common.js';

/** Which server-owned catalogue a name belongs to (a recharge package has two: its name and its badge). */
export const namedKind = z.enum(['live_category', 'video_category', 'forum_category', 'gift', 'package', 'package_tag']);
export type NamedKind = z.infer<typeof namedKind>;

/** One server-owned name with its translation. */
export const adminName = z.object({
  kind: namedKind,
  id: z.number().int(),
  name: z.string().describe('zh-CN, as the catalogue row holds it'),
  en: z.string().describe('English; "" when none yet (readers then see the zh-CN name)'),
});
export type AdminName = z.infer<typeof adminName>;

/** The notices written from a template, whose texts operators may reword per language. */
export const templatedNotice = z.enum([
  'welcome',
  'newcomer_gift',
  'security_tip',
  'anchor_approved',
  'anchor_rejected',
  'room_closed',
  'go_live',
  'lucky_bag_won',
  'live_preview',
]);
export type TemplatedNotice = z.infer<typeof templatedNotice>;

/** One notice template in one language, as readers see it ({{reason}}, {{title}}, {{name}}: the notice's values). */
export const adminNoticeTemplate = z.object({
  kind: templatedNotice,
  lang: z.enum(['zh-CN', 'en']),
  title: z.string(),
  content: z.string(),
  edited: z.boolean().describe('an operator changed it (false: the shipped text)'),
});
export type AdminNoticeTemplate = z.infer<typeof adminNoticeTemplate>;

/** Console: the names the server owns, per language (categories, gifts, recharge packages and their badges). */
export const adminNamesRoutes = {
  adminNames: defineRoute({
    method: 'GET',
    path: '/api/admin/names',
    auth: 'operator',
    tag: 'admin',
    summary: 'Every server-owned name (categories, gifts, recharge packages and badges) with its English',
    data: z.object({ list: z.array(adminName) }),
  }),
  adminNameSave: defineRoute({
    method: 'POST',
    path: '/api/admin/names/save',
    auth: 'operator',
    tag: 'admin',
    summary: 'Set the English of one name ("" removes it); a gift name bumps gift_version so clients reload',
    body: strict({ kind: namedKind, id, en: line().trim().max(40, '英文名称最多40字') }),
    data: adminName,
  }),
  adminNoticeTemplates: defineRoute({
    method: 'GET',
    path: '/api/admin/notice-templates',
    auth: 'operator',
    tag: 'admin',
    summary: 'The notice templates in each language (served to clients in the language packs)',
    data: z.object({ list: z.array(adminNoticeTemplate) }),
  }),
  adminNoticeTemplateSave: defineRoute({
    method: 'POST',
    path: '/api/admin/notice-templates/save',
    auth: 'operator',
    tag: 'admin',
    summary: 'Reword one notice template in one language ("" for both texts: back to the shipped one); clients get it with the language pack',
    body: strict({
      kind: templatedNotice,
      lang: z.enum(['zh-CN', 'en']),
      title: line().trim().max(40, '标题最多40字'),
      content: text().trim().max(300, '内容最多300字'),
    }),
    data: adminNoticeTemplate,
  }),
};
