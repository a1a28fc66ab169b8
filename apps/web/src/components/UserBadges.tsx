import type { FanBadge, UserBrief } from '@app/contract';
import { vipHas, vipTierOf } from '@app/kit';
import type { CSSProperties } from 'react';
import './userBadges.css';

/** Colour band of a user level: grey, green, blue, purple, orange, red as it grows. */
const levelBand = (level: number): number => Math.min(5, Math.floor(level / 10));

/** The chat name colour of a VIP tier with the coloured-name perk (undefined: the default colour). */
export function vipNameStyle(vip: number): CSSProperties | undefined {
  return vipHas(vip, 'color') ? { color: vipTierOf(vip)!.color } : undefined;
}

/**
 * What stands beside a name in chat, on cards and profiles: the user level, the VIP tier (with
 * its colour) and, in an anchor's room, the fan club badge with the member's club level.
 */
export function UserBadges({ user, fan }: { user: Pick<UserBrief, 'level' | 'vip_level'>; fan?: FanBadge | null | undefined }) {
  const vip = vipTierOf(user.vip_level);
  return (
    <span className="user-badges">
      {user.level > 0 && (
        <span className={`lv-chip lv-chip--${levelBand(user.level)}`} data-testid="level-chip">
          Lv.{user.level}
        </span>
      )}
      {vip && (
        <span className="vipt-chip" style={{ '--vip': vip.color } as CSSProperties} data-testid="vip-chip">
          VIP{vip.tier}
        </span>
      )}
      {fan && (
        <span className="fan-chip" data-testid="fan-badge">
          <span className="fan-chip__name">{fan.name}</span>
          <b className="fan-chip__lv">{fan.level}</b>
        </span>
      )}
    </span>
  );
}
