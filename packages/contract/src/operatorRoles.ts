import type { RouteName } from './routes.js';

/** Console roles (decision 0199): `owner` may use everything; each other role its part of the console. */
export const OPERATOR_ROLES = ['owner', 'finance', 'moderator', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const F = 'finance';
const M = 'moderator';
const S = 'support';
const ALL = [F, M, S] as const;

/**
 * Who besides the owner may call each operator route: finance moves money (recharges, refunds,
 * withdrawals, adjustments, reconciliation), moderators keep order (reports, bans, rooms, anchors,
 * forum), support reads users and orders. `[]`: the owner only. Every operator route is listed
 * (the server refuses to serve one that is not), and the console shows what its role may call.
 */
export const consoleAccess = {
  adminMe: ALL,
  admin2faSetup: ALL,
  admin2faEnable: ALL,
  admin2faVerify: ALL,
  adminDashboard: ALL,

  adminUsers: ALL,
  adminLedger: [F, S],
  adminRecharges: [F, S],
  adminWithdrawals: [F, S],
  adminWithdrawApprove: [F],
  adminWithdrawReject: [F],
  adminAdjust: [F],
  adminRechargeRefund: [F],
  adminPayMismatches: [F, S],
  adminPayReconcile: [F],
  adminLuckyBagAudit: [F, S],

  adminUserBan: [M],
  adminUserUnban: [M],
  adminReports: [M],
  adminReportDismiss: [M],
  adminContent: [M],
  adminContentHide: [M],
  adminContentDelete: [M],
  adminWords: [M],
  adminWordAdd: [M],
  adminWordRemove: [M],
  adminRooms: [M],
  adminRoomClose: [M],
  adminLiveWatch: [M],
  adminLiveVia: [M],
  adminPatrol: [M],
  adminPatrolWarn: [M],
  adminLiveHealth: [M],
  adminReplays: [M],
  adminReplayHide: [M],
  adminAnchorApplications: [M],
  adminAnchorApprove: [M],
  adminAnchorReject: [M],
  adminBanners: [M],
  adminBannerSave: [M],
  adminCategories: [M],
  adminCategorySave: [M],
  adminTopics: [M],
  adminTopicSave: [M],
  adminActivities: [M],
  adminActivitySave: [M],

  adminUserResetPassword: [],
  adminAudit: [],
  adminOperators: [],
  adminOperatorSave: [],
  adminOperator2faReset: [],
  adminSetFlags: [],
  adminSendNotice: [],
  adminCreateBulletin: [],
  adminGifts: [],
  adminGiftSave: [],
  adminGiftAnimation: [],
  adminGiftDelete: [],
  adminPackages: [],
  adminPackageSave: [],
  adminWithdrawRules: [],
  adminWithdrawRulesSave: [],
  adminNames: [],
  adminNameSave: [],
  adminNoticeTemplates: [],
  adminNoticeTemplateSave: [],
  adminWebhooks: [],
  adminWebhookCreate: [],
  adminWebhookSetEnabled: [],
  adminWebhookDelete: [],
  adminWebhookDeliveries: [],
  adminWebhookResend: [],
} as const satisfies Partial<Record<RouteName, readonly OperatorRole[]>>;

/** The console's own sign-in calls: an operator makes them before passing the second factor. */
export const SIGN_IN_CALLS: ReadonlySet<RouteName> = new Set<RouteName>(['adminMe', 'admin2faSetup', 'admin2faEnable', 'admin2faVerify']);

/** Whether a console role may make an operator call (false for a route that is not an operator route). */
export function mayCall(role: OperatorRole, name: RouteName): boolean {
  const roles = (consoleAccess as Partial<Record<RouteName, readonly OperatorRole[]>>)[name];
  return roles !== undefined && (role === 'owner' || roles.includes(role));
}
