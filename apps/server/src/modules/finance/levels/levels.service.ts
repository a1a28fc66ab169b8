import { ErrorCode, type VipStatus } from '@app/contract';
import { levelThreshold, MAX_USER_LEVEL, VIP_TIERS } from '@app/kit';
import type { Deps } from '../../../deps.js';
import { BizError } from '../../../http/errors.js';
import { levelsRepository as repo, type UserLevels } from './levels.repository.js';

/** User levels (from coins spent) and VIP tiers (from coins bought): kept by the ledger, read here. */
export class LevelsService {
  constructor(private readonly deps: Deps) {}

  /** The VIP page: tier, level, and what the next ones need. */
  async status(userId: number): Promise<VipStatus> {
    const s = await repo.stored(this.deps.db.kysely, userId);
    if (!s) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    return {
      vip_level: s.vip_level,
      recharged: s.recharged,
      next_recharge: VIP_TIERS.find((t) => t.tier === s.vip_level + 1)?.recharge ?? null,
      level: s.level,
      spent: s.spent,
      next_level_spent: s.level < MAX_USER_LEVEL ? levelThreshold(s.level + 1) : null,
    };
  }

  /** What is stored for a user and what the ledger's transfers say it should be (they must be equal). */
  async check(userId: number): Promise<{ stored: UserLevels | undefined; recomputed: UserLevels }> {
    const db = this.deps.db.kysely;
    const [stored, recomputed] = await Promise.all([repo.stored(db, userId), repo.recompute(db, userId)]);
    return { stored, recomputed };
  }
}
