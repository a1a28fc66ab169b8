import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { id, strict, userBrief } from './common.js';
import { amountInput, money, moneyChange, rechargeOrder, rechargeStatus, requestId, wallet } from './finance.js';
import { roomBrief } from './room.js';
import { rechargeRefund } from './adminPayments.js';

/** One China-time day of the dashboard's series. */
export const dashboardDay = z.object({
  day: z.string().describe('YYYY-MM-DD, China time'),
  new_users: z.number().int(),
  recharge_fen: z.number().int().describe('paid recharge orders, CNY fen'),
  recharge_orders: z.number().int(),
  gift_value: money.describe('value of gifts sent'),
  gifts: z.number().int().describe('gift sends'),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboard = z.object({
  users_online: z.number().int().describe('members and guests with a hall socket now'),
  rooms_live: z.number().int().describe('open rooms'),
  viewers: z.number().int().describe('people in open rooms now'),
  members: z.number().int(),
  pending: z.object({ anchors: z.number().int(), withdrawals: z.number().int(), reports: z.number().int() }),
  today: dashboardDay,
  days: z.array(dashboardDay).describe('the last 14 China-time days, oldest first, every day present'),
});
export type Dashboard = z.infer<typeof dashboard>;

export const paymentCallbackLog = z.object({
  id: z.number().int(),
  provider: z.string(),
  verdict: z.string(),
  detail: z.string(),
  ip: z.string().nullable(),
  created_at: isoTime,
});

export const adminRechargeOrder = rechargeOrder.extend({
  user: userBrief,
  trade_no: z.string().nullable(),
  callbacks: z.array(paymentCallbackLog),
  refund: rechargeRefund.nullable().describe('its refund, if one was asked for'),
});
export type AdminRechargeOrder = z.infer<typeof adminRechargeOrder>;

/** Console: the dashboard, live rooms, recharges, a user's ledger and correcting transfers. */
export const adminOpsRoutes = {
  adminDashboard: defineRoute({
    method: 'GET',
    path: '/api/admin/dashboard',
    auth: 'operator',
    tag: 'admin',
    summary: 'Users online, rooms live, what waits for review, and the last 14 days of new users, recharges and gifts',
    data: dashboard,
  }),
  adminRooms: defineRoute({
    method: 'GET',
    path: '/api/admin/rooms',
    auth: 'operator',
    tag: 'admin',
    summary: 'Rooms on air, with the people in them now',
    query: pageQuery,
    data: pageOf(roomBrief),
  }),
  adminRoomClose: defineRoute({
    method: 'POST',
    path: '/api/admin/rooms/close',
    auth: 'operator',
    tag: 'admin',
    summary: 'End a live: viewers are told the room closed, every media session ends',
    body: strict({ room_id: id, reason: line().trim().min(2, '请填写原因（至少2个字）').max(200) }),
    data: z.object({ closed: z.boolean() }),
  }),
  adminRecharges: defineRoute({
    method: 'GET',
    path: '/api/admin/recharges',
    auth: 'operator',
    tag: 'admin',
    summary: 'Recharge orders, newest first, with every payment callback received for each',
    query: pageQuery.extend({ status: rechargeStatus.optional(), user_id: id.optional(), order_no: line().trim().max(40).optional() }),
    data: pageOf(adminRechargeOrder),
  }),
  adminLedger: defineRoute({
    method: 'GET',
    path: '/api/admin/ledger',
    auth: 'operator',
    tag: 'admin',
    summary: "A user's balances and every movement of them, newest first",
    query: pageQuery.extend({ user_id: id }),
    data: pageOf(moneyChange).extend({ user: userBrief, wallet }),
  }),
  adminAdjust: defineRoute({
    method: 'POST',
    path: '/api/admin/ledger/adjust',
    auth: 'operator',
    tag: 'admin',
    summary: "A correcting transfer between the platform and a user's coin or gift earnings (never an edit); a reason is required",
    body: strict({
      request_id: requestId,
      user_id: id,
      account: z.enum(['coin', 'gift_earnings']),
      direction: z.enum(['credit', 'debit']).describe('credit: platform → user; debit: user → platform'),
      amount: amountInput,
      reason: line().trim().min(2, '请填写原因（至少2个字）').max(200, '原因最多200字'),
    }),
    data: z.object({ transfer_id: z.number().int(), wallet }),
  }),
};
