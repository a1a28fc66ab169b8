import { ErrorCode, type FanClub, type FanMembership, type UserBrief } from '@app/contract';
import { fanLevel } from '@app/kit';
import { xactLock } from '../../db/locks.js';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, reusedKey } from '../../http/errors.js';
import type { AnchorService } from '../anchor/anchor.service.js';
import type { Finance } from '../finance/finance.js';
import { keepRefusal, opKey, pastRefusal } from '../finance/idempotency.js';
import { Overdraft } from '../finance/ledger/ledger.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { briefsOf } from '../user/userBriefs.js';
import { fanClubRepository as repo } from './fanclub.repository.js';
import type { FanClubMemberRow } from './fanclub.tables.js';

const TOP = 20;
/** A club's default name: the first three characters of the anchor's nickname (badges are short). */
const defaultName = (nickname: string): string => [...nickname].slice(0, 3).join('') || '粉丝团';
/** Thrown inside the join transaction when the same request committed first: answered from the ledger. */
const SAME_REQUEST = new Error('fan club join: same request committed first');
const GONE: UserBrief = { id: 0, uuid: '', nickname: '已注销用户', avatar: '', vip_level: 0, level: 0, is_anchor: false };

/**
 * Fan clubs (粉丝团): a member joins an anchor's club with a small gift to them (a ledger transfer
 * like a gift's: the anchor's share to their gift earnings, the rest to the platform, once per
 * request_id), wears the club's badge with a level from gifts to the anchor and days watched, and
 * may leave; the row stays, so a return picks the history up again.
 */
export class FanClubService {
  constructor(
    private readonly deps: Deps,
    private readonly finance: Finance,
    private readonly anchors: AnchorService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  private view(row: FanClubMemberRow, name: string, anchor: UserBrief | undefined): FanMembership {
    return {
      anchor: anchor ?? { ...GONE, id: row.anchor_id },
      name,
      level: fanLevel(Number(row.gift_total), row.watch_days),
      gift_total: Number(row.gift_total),
      watch_days: row.watch_days,
      joined_at: row.joined_at,
      active: row.left_at === null,
    };
  }

  private async membership(anchorId: number, userId: number): Promise<FanMembership | null> {
    const [row, club, briefs] = await Promise.all([repo.member(this.db, anchorId, userId), repo.club(this.db, anchorId), briefsOf(this.db, [anchorId])]);
    return row && club ? this.view(row, club.name, briefs.get(anchorId)) : null;
  }

  async info(viewerId: number | undefined, anchorId: number): Promise<FanClub> {
    if (!(await this.anchors.isAnchor(anchorId))) throw new BizError(ErrorCode.FANCLUB_NOT_ANCHOR);
    const [club, members, top, mine] = await Promise.all([
      repo.club(this.db, anchorId),
      repo.count(this.db, anchorId),
      repo.top(this.db, anchorId, TOP),
      viewerId === undefined ? null : this.membership(anchorId, viewerId),
    ]);
    const briefs = await briefsOf(
      this.db,
      top.map((m) => m.user_id),
    );
    const anchor = (await briefsOf(this.db, [anchorId])).get(anchorId);
    return {
      anchor_id: anchorId,
      name: club?.name ?? defaultName(anchor?.nickname ?? ''),
      members,
      join_price: this.finance.config.fanClubJoinPrice,
      top: top.map((m) => ({ ...(briefs.get(m.user_id) ?? { ...GONE, id: m.user_id }), fan_level: fanLevel(Number(m.gift_total), m.watch_days) })),
      mine,
    };
  }

  /**
   * Joins with the join gift. The same request_id again answers the membership without moving
   * money (the transfer's UNIQUE key); a new request while a member is refused.
   */
  async join(userId: number, input: { request_id: string; anchor_id: number }): Promise<{ membership: FanMembership; coin: number }> {
    const { anchor_id: anchorId } = input;
    const key = opKey('fanclub', userId, input.request_id);
    const ref = `F${anchorId}`;
    const replay = async () => {
      const seen = await this.finance.ledger.transferByKey(key);
      if (!seen) return undefined;
      if (seen.ref !== ref) throw reusedKey();
      const coin = await this.finance.wallet.coin(userId);
      return { membership: (await this.membership(anchorId, userId))!, coin };
    };
    const first = await replay();
    if (first) return first;
    // A key refused for a short balance or an existing membership stays refused (idempotency.ts):
    // a retry after a recharge, or after leaving the club, is not a new join.
    const db = this.db;
    const bound = { anchor_id: anchorId };
    const refused = await pastRefusal(db, key, bound);
    if (refused) throw refused;
    const keep = (err: BizError) => keepRefusal(db, key, userId, bound, err);
    if (anchorId === userId) throw new BizError(ErrorCode.FANCLUB_SELF);
    if (!(await this.anchors.isAnchor(anchorId))) throw new BizError(ErrorCode.FANCLUB_NOT_ANCHOR);
    const anchor = (await briefsOf(this.db, [anchorId])).get(anchorId)!;
    const price = this.finance.config.fanClubJoinPrice;
    const earning = Math.floor((price * this.finance.config.giftAnchorShareBp) / 10_000);
    const fee = price - earning;
    const [from, to, platform] = await Promise.all([
      this.finance.ledger.userAccounts(userId),
      this.finance.ledger.userAccounts(anchorId),
      this.finance.ledger.platformAccounts(),
    ]);
    try {
      const coin = await this.deps.db.tx(async (conn) => {
        // One join per member and club at a time: the membership check below holds until commit.
        await xactLock(conn, this.deps.db.dialect, `fanclub:${anchorId}:${userId}`);
        if ((await repo.member(conn, anchorId, userId))?.left_at === null) {
          // A copy of this very request that committed while we waited for the lock is answered, not refused.
          throw (await this.finance.ledger.transferByKey(key, conn)) ? SAME_REQUEST : new BizError(ErrorCode.FANCLUB_ALREADY_MEMBER);
        }
        const now = nowIso();
        const name = await repo.ensureClub(conn, anchorId, defaultName(anchor.nickname), now);
        await repo.join(conn, anchorId, userId, price, now);
        const remark = `加入粉丝团·${name}`;
        const { balances } = await this.finance.ledger.post(
          conn,
          [
            { key, kind: 'gift', from: from.coin, to: to.gift_pending, amount: price, ref, remark },
            ...(fee > 0 ? [{ key: `${key}:fee`, kind: 'gift_fee' as const, from: to.gift_pending, to: platform.revenue, amount: fee, ref, remark }] : []),
          ],
          now,
        );
        return balances.get(from.coin.id)!;
      });
      return { membership: (await this.membership(anchorId, userId))!, coin };
    } catch (err) {
      if (err instanceof Overdraft) throw await keep(new BizError(ErrorCode.BALANCE_NOT_ENOUGH));
      if (err instanceof BizError && err.code === ErrorCode.FANCLUB_ALREADY_MEMBER) throw await keep(err);
      if (err === SAME_REQUEST || isUniqueViolation(err)) {
        const again = await replay();
        if (again) return again;
      }
      throw err;
    }
  }

  async leave(userId: number, anchorId: number): Promise<{ membership: FanMembership }> {
    if (!(await repo.leave(this.db, anchorId, userId, nowIso()))) throw new BizError(ErrorCode.FANCLUB_NOT_MEMBER);
    return { membership: (await this.membership(anchorId, userId))! };
  }

  async mine(userId: number): Promise<{ list: FanMembership[] }> {
    const rows = await repo.ofUser(this.db, userId);
    const briefs = await briefsOf(
      this.db,
      rows.map((r) => r.anchor_id),
    );
    return { list: rows.map((r) => this.view(r, r.name, briefs.get(r.anchor_id))) };
  }

  /** A gift to an anchor counts toward the sender's level in the anchor's club (if a member). */
  async onGift(anchorId: number, senderId: number, total: number): Promise<void> {
    await repo.addGift(this.db, anchorId, senderId, total);
  }
}
