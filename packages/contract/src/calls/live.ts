import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { id, idNumber, strict, userBrief } from './common.js';
import { money, requestId } from './finance.js';

/** The badge a fan club member wears in the anchor's room: the club's name and the member's level in it. */
export const fanBadge = z.object({
  name: z.string().describe("the club's name"),
  level: z.number().int().describe('club level: from gifts to the anchor and days watched'),
});
export type FanBadge = z.infer<typeof fanBadge>;

/** The caller's membership of one club (also after leaving: the history stays). */
export const fanMembership = z.object({
  anchor: userBrief,
  name: z.string(),
  level: z.number().int(),
  gift_total: money.describe('coins given to the anchor while a member'),
  watch_days: z.number().int(),
  joined_at: isoTime,
  active: z.boolean().describe('false after leaving'),
});
export type FanMembership = z.infer<typeof fanMembership>;

/** One anchor's club as its page shows it. */
export const fanClub = z.object({
  anchor_id: z.number().int(),
  name: z.string(),
  members: z.number().int().describe('current members'),
  join_price: money.describe('what joining costs (a small gift to the anchor)'),
  top: z.array(userBrief.extend({ fan_level: z.number().int() })).describe('highest club levels first (up to 20)'),
  mine: fanMembership.nullable().describe("the caller's membership, if ever joined"),
});
export type FanClub = z.infer<typeof fanClub>;

/** The VIP page: the caller's totals, tier and level, with what the next needs. */
export const vipStatus = z.object({
  vip_level: z.number().int(),
  recharged: money.describe('coins bought in all (bonus not counted)'),
  next_recharge: money.nullable().describe('recharge total of the next tier (null at the top)'),
  level: z.number().int(),
  spent: money.describe('coins spent on gifts and videos in all'),
  next_level_spent: money.nullable().describe('spent total of the next level (null at the top)'),
});
export type VipStatus = z.infer<typeof vipStatus>;

/** A followed anchor went live (hall event `liveAlert`). */
export const liveAlert = z.object({
  anchor: userBrief,
  room_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  at: isoTime,
});
export type LiveAlert = z.infer<typeof liveAlert>;

const anchorRef = strict({ anchor_id: id });

export const liveRoutes = {
  vipStatus: defineRoute({
    method: 'GET',
    path: 'user/vip',
    auth: 'member',
    tag: 'live',
    summary: "The caller's VIP tier and user level, and what the next ones need (both follow from ledger transfers only)",
    data: vipStatus,
  }),
  fanClubInfo: defineRoute({
    method: 'GET',
    path: 'fanclub/info',
    auth: 'public',
    tag: 'live',
    summary: "An anchor's fan club: name, members, top members, the caller's membership",
    query: anchorRef,
    data: fanClub,
  }),
  fanClubJoin: defineRoute({
    method: 'POST',
    path: 'fanclub/join',
    auth: 'member',
    tag: 'live',
    summary: "Join an anchor's fan club with a small gift to them (through the ledger, once per request_id); rejoining after leaving keeps the history",
    body: strict({ request_id: requestId, anchor_id: idNumber }),
    data: z.object({ membership: fanMembership, coin: money.describe('the caller’s balance after') }),
  }),
  fanClubLeave: defineRoute({
    method: 'POST',
    path: 'fanclub/leave',
    auth: 'member',
    tag: 'live',
    summary: 'Leave a fan club (the membership history stays for a return)',
    body: strict({ anchor_id: idNumber }),
    data: z.object({ membership: fanMembership }),
  }),
  fanClubMine: defineRoute({
    method: 'GET',
    path: 'fanclub/mine',
    auth: 'member',
    tag: 'live',
    summary: 'Clubs the caller joined (current first, then left ones)',
    data: z.object({ list: z.array(fanMembership) }),
  }),
  liveAlertGet: defineRoute({
    method: 'GET',
    path: 'live/alert',
    auth: 'member',
    tag: 'live',
    summary: 'Whether the caller gets go-live alerts of an anchor they follow',
    query: anchorRef,
    data: z.object({ anchor_id: z.number().int(), on: z.boolean() }),
  }),
  liveAlertSet: defineRoute({
    method: 'POST',
    path: 'live/alert',
    auth: 'member',
    tag: 'live',
    summary: "Turns an anchor's go-live alerts on or off for the caller",
    body: strict({ anchor_id: idNumber, on: z.boolean() }),
    data: z.object({ anchor_id: z.number().int(), on: z.boolean() }),
  }),
};
