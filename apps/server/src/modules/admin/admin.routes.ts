import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/**
 * Operator calls; the rules live in the services of the areas they change. Every write call here
 * is audited by the route layer (http/serve.ts). Anchor review and withdrawals are served by their
 * own modules (anchor.routes.ts, finance.routes.ts) and audited the same way.
 */
export function adminRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { config, message, home, admin } = env.services;
  const o = env.plain;
  serve(app, api.adminSetFlags, o, ({ body }) => config.setFlags(body));
  serve(app, api.adminSendNotice, o, ({ body }) => message.send(body));
  serve(app, api.adminCreateBulletin, o, ({ body }) => home.createBulletin(body));

  serve(app, api.adminDashboard, o, () => admin.dashboard.dashboard());
  serve(app, api.adminAudit, o, ({ query }) => admin.audit(query));

  serve(app, api.adminUsers, o, ({ query }) => admin.users.list(query));
  serve(app, api.adminUserBan, o, ({ me, body }) => admin.users.ban(me, body));
  serve(app, api.adminUserUnban, o, ({ body }) => admin.users.unban(body));
  serve(app, api.adminUserResetPassword, o, ({ body }) => admin.users.resetPassword(body));

  serve(app, api.reportCreate, o, ({ me, body }) => admin.content.report(me, body));
  serve(app, api.adminReports, o, ({ query }) => admin.content.reports(query));
  serve(app, api.adminReportDismiss, o, ({ me, body }) => admin.content.dismiss(me, body));
  serve(app, api.adminContent, o, ({ query }) => admin.content.content(query));
  serve(app, api.adminContentHide, o, ({ me, body }) => admin.content.hide(me, body));
  serve(app, api.adminContentDelete, o, ({ me, body }) => admin.content.remove(me, body));
  serve(app, api.adminWords, o, () => admin.content.words());
  serve(app, api.adminWordAdd, o, ({ body }) => admin.content.addWords(body.words));
  serve(app, api.adminWordRemove, o, ({ body }) => admin.content.removeWord(body.id));

  serve(app, api.adminRooms, o, ({ query }) => admin.rooms.list(query));
  serve(app, api.adminRoomClose, o, ({ body }) => admin.rooms.close(body.room_id, body.reason));
  serve(app, api.adminPatrol, o, () => admin.rooms.patrol());
  serve(app, api.adminPatrolWarn, o, ({ body }) => admin.rooms.warn(body.room_id, body.text));
  serve(app, api.adminRecharges, o, ({ query }) => admin.money.recharges(query));
  serve(app, api.adminLedger, o, ({ query }) => admin.money.ledger(query));
  serve(app, api.adminAdjust, o, ({ me, body }) => admin.money.adjust(me, body));
  serve(app, api.adminRechargeRefund, o, ({ me, body }) => admin.money.refund(me, body));
  serve(app, api.adminPayMismatches, o, ({ query }) => admin.money.mismatches(query));
  serve(app, api.adminPayReconcile, o, ({ body }) => admin.money.reconcileNow(body));

  serve(app, api.adminGifts, o, () => admin.catalog.gifts());
  serve(app, api.adminGiftSave, o, ({ body }) => admin.catalog.saveGift(body));
  serve(app, api.adminGiftDelete, o, ({ body }) => admin.catalog.deleteGift(body.id));
  serve(app, api.adminPackages, o, () => admin.catalog.packages());
  serve(app, api.adminPackageSave, o, ({ body }) => admin.catalog.savePackage(body));
  serve(app, api.adminNames, o, () => admin.names.list());
  serve(app, api.adminNameSave, o, ({ body }) => admin.names.save(body));
  serve(app, api.adminNoticeTemplates, o, () => admin.names.noticeTemplates());
  serve(app, api.adminNoticeTemplateSave, o, ({ body }) => admin.names.saveNoticeTemplate(body));
  serve(app, api.adminWithdrawRules, o, () => admin.money.withdrawRules());
  serve(app, api.adminWithdrawRulesSave, o, ({ body }) => admin.money.saveWithdrawRules(body));

  serve(app, api.adminBanners, o, () => admin.forum.banners());
  serve(app, api.adminBannerSave, o, ({ body }) => admin.forum.saveBanner(body));
  serve(app, api.adminCategories, o, () => admin.forum.categories());
  serve(app, api.adminCategorySave, o, ({ body }) => admin.forum.saveCategory(body));
  serve(app, api.adminTopics, o, () => admin.forum.topics());
  serve(app, api.adminTopicSave, o, ({ body }) => admin.forum.saveTopic(body));
  serve(app, api.adminActivities, o, () => admin.forum.activities());
  serve(app, api.adminActivitySave, o, ({ body }) => admin.forum.saveActivity(body));
}
