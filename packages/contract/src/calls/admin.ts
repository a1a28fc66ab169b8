import { z } from 'zod';
import { defineRoute } from '../route.js';
import { line, text } from '../text.js';
import { id, strict } from './common.js';
import { notice } from './message.js';
import { bulletin } from './home.js';
import { adminCatalogRoutes } from './adminCatalog.js';
import { adminContentRoutes } from './adminContent.js';
import { adminForumRoutes } from './adminForum.js';
import { adminNamesRoutes } from './adminNames.js';
import { adminOperatorRoutes } from './adminOperators.js';
import { adminOpsRoutes } from './adminOps.js';
import { adminPaymentRoutes } from './adminPayments.js';
import { adminWebhookRoutes } from './adminWebhooks.js';
import { adminUserRoutes } from './adminUsers.js';

/** Operator calls (the console of the operator issue grows here). Operators: `npm run admin -- operator add <mobile> [role]`; who may call what: operatorRoles.ts. */
export const adminRoutes = {
  adminSetFlags: defineRoute({
    method: 'PUT',
    path: '/api/admin/config/flags',
    auth: 'operator',
    tag: 'admin',
    summary: 'Turn the video and game sections on or off',
    body: strict({ video_is_open: z.boolean().optional(), game_is_open: z.boolean().optional() }),
    data: z.object({ video_is_open: z.boolean(), game_is_open: z.boolean() }),
  }),
  adminSendNotice: defineRoute({
    method: 'POST',
    path: '/api/admin/notice',
    auth: 'operator',
    tag: 'admin',
    summary: 'Send a system notice to one user (user_id) or to every member; pushed live through the hall',
    body: strict({
      user_id: id.optional(),
      type: notice.shape.type.default('system'),
      title: line().trim().min(1, '标题不能为空').max(60),
      content: text().trim().min(1, '内容不能为空').max(2000),
    }),
    data: z.object({ sent: z.number().int() }),
  }),
  adminCreateBulletin: defineRoute({
    method: 'POST',
    path: '/api/admin/bulletin',
    auth: 'operator',
    tag: 'admin',
    summary: 'Publish an announcement',
    body: strict({
      title: line().trim().min(1, '标题不能为空').max(60),
      content: text().trim().min(1, '内容不能为空').max(5000),
      pinned: z.boolean().default(false),
    }),
    data: bulletin,
  }),
  ...adminUserRoutes,
  ...adminOperatorRoutes,
  ...adminContentRoutes,
  ...adminOpsRoutes,
  ...adminPaymentRoutes,
  ...adminWebhookRoutes,
  ...adminCatalogRoutes,
  ...adminNamesRoutes,
  ...adminForumRoutes,
};
