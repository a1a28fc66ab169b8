import type { FastifyBaseLogger } from 'fastify';
import { MONEY_UNIT } from '@app/kit';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { DEMO_FORUM_MEMBERS } from './forum.seed.js';
import { DEMO_ANCHORS } from './room.seed.js';
import { DEMO_USER } from './user.seed.js';
import { users } from '../modules/user/users.js';
import type { Ledger } from '../modules/finance/ledger/ledger.js';
import type { GiftService } from '../modules/finance/gift/gift.service.js';

const CLAIM_KEY = 'seed_demo_gifts_version';
/** Coins each demo member is given to spend (a grant through the ledger, as an operator's credit). */
const GRANT = 20_000 * MONEY_UNIT;
/** Sends made at once, so a fresh platform has rankings from its first page; the rest follow over `spreadMs`. */
const AT_ONCE = 8;

/** [sender index (-1: the demo account), anchor index, gift sort position (1 = cheapest), count] */
type Send = [number, number, number, number];
const SENDS: Send[] = [
  [0, 0, 6, 1],
  [1, 2, 5, 2],
  [2, 1, 4, 3],
  [3, 3, 5, 1],
  [4, 0, 3, 9],
  [5, 2, 6, 1],
  [-1, 0, 2, 10],
  [-1, 3, 1, 20],
  [1, 1, 3, 5],
  [0, 3, 4, 2],
  [2, 2, 2, 33],
  [3, 0, 5, 1],
  [4, 1, 6, 1],
  [5, 3, 3, 6],
  [0, 1, 2, 52],
  [1, 0, 4, 1],
  [2, 3, 6, 1],
  [3, 2, 3, 7],
  [4, 2, 5, 1],
  [5, 0, 2, 99],
  [0, 2, 4, 3],
  [1, 3, 5, 2],
  [2, 0, 3, 12],
  [3, 1, 4, 2],
];

/** Whether the demo gifts run: DEMO_GIFTS=on/off, or `auto` (on unless NODE_ENV=test, where tests count their own gifts). */
export const demoGiftsOn = (mode: 'auto' | 'on' | 'off', nodeEnv: string): boolean => mode === 'on' || (mode === 'auto' && nodeEnv !== 'test');

export interface DemoGiftsOptions {
  db: Db;
  log: FastifyBaseLogger;
  ledger: Ledger;
  gifts: GiftService;
  /** How long the sends after the first ones are spread over. */
  spreadMs: number;
}

/**
 * Demo members who really send gifts to the demo anchors over a fresh platform's first minutes:
 * every send goes through the gift service (ledger transfers, rankings, room broadcasts), from
 * coins granted through the ledger. Once per database (a claim row), by the worker only.
 */
export function demoGifts(opts: DemoGiftsOptions) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function parties() {
    const k = opts.db.kysely;
    const find = async (mobile: string) => (await users.byMobile(k, mobile))?.id;
    const senders = await Promise.all([DEMO_USER.mobile, ...DEMO_FORUM_MEMBERS.map((m) => m.mobile)].map(find));
    const anchors = await Promise.all(DEMO_ANCHORS.map((a) => find(a.mobile)));
    // A gift in a room needs the room open (the rooms' gift guard); a closed demo room's gifts go outside rooms.
    const roomOf = async (id: number) =>
      (await k.selectFrom('rooms').select('id').where('anchor_id', '=', id).where('status', '=', 'open').executeTakeFirst())?.id ?? 0;
    const rooms = await Promise.all(anchors.map((id) => (id === undefined ? 0 : roomOf(id))));
    const giftIds = (await k.selectFrom('gifts').select('id').orderBy('sort').orderBy('id').execute()).map((g) => g.id);
    return { senders, anchors, rooms, giftIds };
  }

  async function grant(userId: number): Promise<void> {
    const [acc, platform] = await Promise.all([opts.ledger.userAccounts(userId), opts.ledger.platformAccounts()]);
    await opts.db.tx((conn) =>
      opts.ledger.post(
        conn,
        [
          {
            key: `demo:grant:${userId}`,
            kind: 'adjust',
            from: platform.rewards,
            to: acc.coin,
            amount: GRANT,
            remark: '运营调整：演示金币',
            params: { reason: 'demo' },
          },
        ],
        nowIso(),
      ),
    );
  }

  async function run(): Promise<void> {
    const claimed = await opts.db.kysely
      .insertInto('settings')
      .values({ key: CLAIM_KEY, value: '1' })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
    const p = await parties();
    const senders = p.senders.filter((id): id is number => id !== undefined);
    for (const id of senders) await grant(id);
    const send = async (i: number) => {
      const [s, a, g, count] = SENDS[i]!;
      const sender = p.senders[s + 1];
      const receiver = p.anchors[a];
      const gift = p.giftIds[Math.min(g, p.giftIds.length) - 1];
      if (sender === undefined || receiver === undefined || gift === undefined) return;
      try {
        await opts.gifts.sendGift(sender, { request_id: `demo-gift-${i}`, room_id: p.rooms[a] ?? 0, gift_id: gift, count, receiver_id: receiver });
      } catch (err) {
        opts.log.warn({ err, send: i }, 'demo gift not sent');
      }
    };
    for (let i = 0; i < Math.min(AT_ONCE, SENDS.length); i++) await send(i);
    const gap = opts.spreadMs / Math.max(1, SENDS.length - AT_ONCE);
    const next = (i: number) => {
      if (stopped || i >= SENDS.length) return;
      timer = setTimeout(() => void send(i).then(() => next(i + 1)), gap);
    };
    next(AT_ONCE);
  }

  return {
    name: 'demo gifts',
    start: () => {
      stopped = false;
      return run().catch((err: unknown) => opts.log.warn({ err }, 'demo gifts not sent'));
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
