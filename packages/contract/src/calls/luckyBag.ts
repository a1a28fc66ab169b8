/**
 * Lucky bags (福袋): the anchor of a live room puts up a prize (coins, or a catalog gift for each
 * winner) for N winners with a task (send a chat line in the room, follow the anchor, be in the fan
 * club) and a duration. Members in the room who did the task enter; when the time ends the winners
 * are drawn from a recorded seed (an operator recomputes the draw), paid from the escrow, and what is
 * not won goes back to the anchor. The room hears `luckyBag` on every change (roomSocket.ts).
 * Decisions 0240–0244.
 */
import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { defineRoute } from '../route.js';
import { id, idNumber, strict, userBrief } from './common.js';
import { money, requestId } from './finance.js';

/** The durations an anchor picks from (minutes). */
export const LUCKY_BAG_MINUTES = [1, 3, 5, 10] as const;
/** Most winners one bag has. */
export const LUCKY_BAG_MAX_WINNERS = 100;
/** Largest coin prize: 100,000 coins (× 10000). */
export const LUCKY_BAG_MAX_COINS = 100_000 * 10_000;

/** chat: a chat line in the room after the bag started (the server saw it); follow: follows the anchor; fanclub: is in the anchor's fan club. */
export const luckyBagTask = z.enum(['chat', 'follow', 'fanclub'], { error: '任务必须是发弹幕、关注主播或加入粉丝团' });
export type LuckyBagTask = z.infer<typeof luckyBagTask>;
export const luckyBagPrize = z.enum(['coins', 'gift'], { error: '奖品必须是金币或礼物' });
export type LuckyBagPrize = z.infer<typeof luckyBagPrize>;

export const luckyBagGift = z.object({ id: z.number().int(), name: z.string(), icon: z.string(), price: money });

/** The draw, once the time ended: who won, from which seed, and what went back. */
export const luckyBagResult = z.object({
  winners: z.array(userBrief).describe('in the order drawn'),
  refunded: money.describe('what went back to the anchor (not won, or the remainder of the split)'),
  drawn_at: isoTime,
});

export const luckyBag = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  anchor: userBrief,
  prize: luckyBagPrize,
  coins: money.describe('what the anchor put in escrow (× 10000): the coin prize, or gift price × winners'),
  gift: luckyBagGift.nullable().describe('the gift each winner receives (prize gift)'),
  per_winner: money.describe('coins each winner receives, or the gift price'),
  task: luckyBagTask,
  minutes: z.number().int(),
  winners: z.number().int().describe('how many can win'),
  entrants: z.number().int().describe('members entered so far'),
  status: z.enum(['open', 'drawn']),
  ends_at: isoTime,
  result: luckyBagResult.nullable(),
  now: isoTime.describe("the server's time when this view was made (clients count down from it)"),
});
export type LuckyBag = z.infer<typeof luckyBag>;

/** The caller's side of a bag. */
export const luckyBagMine = z.object({
  task_done: z.boolean().describe('the server saw the task done (a chat line since the start, the follow, the club)'),
  entered: z.boolean(),
  won: z.boolean(),
});
export type LuckyBagMine = z.infer<typeof luckyBagMine>;

export const luckyBagRoutes = {
  luckyBagCreate: defineRoute({
    method: 'POST',
    path: 'luckybag/create',
    auth: 'member',
    tag: 'luckybag',
    summary: "The room's anchor puts up a lucky bag (the prize's coins into escrow; the room hears `luckyBag`); the same request_id moves coins once",
    body: strict({
      request_id: requestId,
      room_id: idNumber.describe("the anchor's open room, which their room socket is in"),
      prize: luckyBagPrize,
      coins: z
        .number({ error: '福袋金币必须是数字' })
        .int('福袋金币必须是整数')
        .positive('福袋金币必须大于0')
        .max(LUCKY_BAG_MAX_COINS, '福袋金币最多100000')
        .refine((v) => v % 10_000 === 0, '福袋金币必须是整数金币')
        .optional()
        .describe('prize coins: the total (× 10000, whole coins), split evenly among the winners'),
      gift_id: idNumber.optional().describe('prize gift: the catalog gift each winner receives'),
      task: luckyBagTask,
      minutes: z
        .number({ error: '福袋时长必须是1、3、5或10分钟' })
        .int('福袋时长必须是1、3、5或10分钟')
        .refine((v) => (LUCKY_BAG_MINUTES as readonly number[]).includes(v), '福袋时长必须是1、3、5或10分钟'),
      winners: z
        .number({ error: '中奖人数必须是数字' })
        .int('中奖人数必须是整数')
        .min(1, '中奖人数至少1人')
        .max(LUCKY_BAG_MAX_WINNERS, `中奖人数最多${LUCKY_BAG_MAX_WINNERS}人`),
    }),
    data: z.object({ bag: luckyBag, coin: money.describe("the anchor's coins right after") }),
  }),
  luckyBagEnter: defineRoute({
    method: 'POST',
    path: 'luckybag/enter',
    auth: 'member',
    tag: 'luckybag',
    summary: 'Enter an open bag of the room the caller is in, once its task is done (the server checks it); entering again answers the same',
    body: strict({ bag_id: idNumber }),
    data: z.object({ bag: luckyBag, mine: luckyBagMine }),
  }),
  luckyBagRoom: defineRoute({
    method: 'GET',
    path: 'luckybag/room',
    auth: 'public',
    tag: 'luckybag',
    summary: "A room's bag: the open one, else the last drawn within a minute; with the caller's side when signed in",
    query: strict({ room_id: id }),
    data: z.object({ bag: luckyBag.nullable(), mine: luckyBagMine.nullable() }),
  }),
  adminLuckyBagAudit: defineRoute({
    method: 'GET',
    path: 'admin/luckybag/audit',
    auth: 'operator',
    tag: 'admin',
    summary: 'A drawn bag as recorded (seed, entrants in order, winners) and the draw recomputed from that record',
    query: strict({ bag_id: id }),
    data: z.object({
      bag: luckyBag,
      seed: z.string().describe('hex, 32 random bytes drawn when the time ended'),
      entrants: z.array(z.number().int()).describe('user ids in the order they entered'),
      winners: z.array(z.number().int()).describe('user ids as recorded and paid'),
      recomputed: z.array(z.number().int()).describe('drawWinners(seed, entrants, count) now'),
      matches: z.boolean(),
    }),
  }),
};
