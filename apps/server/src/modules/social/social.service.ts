import { ErrorCode, type FollowResult, type FollowUser, type Page, type Relation, type UserProfile } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { briefsOf } from '../user/userBriefs.js';
import { users } from '../user/users.js';
import { socialRepository as repo } from './social.repository.js';

const relationOf = (following: boolean, fan: boolean): Relation => ({ is_following: following, is_fan: fan, is_friend: following && fan });

/** Follows and fans. Friends are users who follow each other. */
export class SocialService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** A member the caller may follow or message: exists and is not a guest. */
  async member(userId: number) {
    const u = await users.byId(this.db, userId);
    if (!u || u.is_guest === 1) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    return u;
  }

  /** Of these users, those `meId` follows and those following `meId`. */
  relations(meId: number, others: number[]): Promise<{ following: Set<number>; fans: Set<number> }> {
    return repo.relations(this.db, meId, others);
  }

  async relation(meId: number, otherId: number): Promise<Relation> {
    const { following, fans } = await repo.relations(this.db, meId, [otherId]);
    return relationOf(following.has(otherId), fans.has(otherId));
  }

  /** Whether the two follow each other. */
  async areFriends(a: number, b: number): Promise<boolean> {
    return (await this.relation(a, b)).is_friend;
  }

  async follow(meId: number, targetId: number): Promise<FollowResult> {
    if (meId === targetId) throw new BizError(ErrorCode.FOLLOW_SELF);
    await this.member(targetId);
    await this.deps.db.tx(async (trx) => {
      if (await repo.follow(trx, meId, targetId, nowIso())) await repo.bumpCounts(trx, meId, targetId, 1);
    });
    return this.result(meId, targetId);
  }

  async unfollow(meId: number, targetId: number): Promise<FollowResult> {
    if (meId === targetId) throw new BizError(ErrorCode.FOLLOW_SELF);
    await this.member(targetId);
    await this.deps.db.tx(async (trx) => {
      if (await repo.unfollow(trx, meId, targetId)) await repo.bumpCounts(trx, meId, targetId, -1);
    });
    return this.result(meId, targetId);
  }

  private async result(meId: number, targetId: number): Promise<FollowResult> {
    const [rel, mine, theirs] = await Promise.all([this.relation(meId, targetId), repo.counts(this.db, meId), repo.counts(this.db, targetId)]);
    return { user_id: targetId, ...rel, follow_count: mine.follow_count, fans_count: theirs.fans_count };
  }

  /** The caller's follows ('following') or fans, each with the relation both ways. */
  async list(meId: number, direction: 'following' | 'fans', page: number, size: number): Promise<Page<FollowUser>> {
    const { rows, total } = await repo.page(this.db, meId, direction, page, size);
    const ids = rows.map((r) => r.id);
    const [briefs, rel] = await Promise.all([briefsOf(this.db, ids), repo.relations(this.db, meId, ids)]);
    const list = rows.flatMap((r) => {
      const b = briefs.get(r.id);
      return b ? [{ ...b, ...relationOf(rel.following.has(r.id), rel.fans.has(r.id)), signature: r.signature, followed_at: r.created_at }] : [];
    });
    return { list, total, page, size, has_more: page * size < total };
  }

  async profile(meId: number, userId: number): Promise<UserProfile> {
    const u = await this.member(userId);
    const [briefs, rel, isBlocked] = await Promise.all([briefsOf(this.db, [userId]), this.relation(meId, userId), repo.hasBlocked(this.db, meId, userId)]);
    const brief = briefs.get(userId);
    if (!brief) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    return {
      ...brief,
      ...rel,
      signature: u.signature,
      gender: (u.gender === 1 || u.gender === 2 ? u.gender : 0) as 0 | 1 | 2,
      level: u.level,
      follow_count: u.follow_count,
      fans_count: u.fans_count,
      is_blocked: isBlocked,
      is_self: meId === userId,
    };
  }
}
