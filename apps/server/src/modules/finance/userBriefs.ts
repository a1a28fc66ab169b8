import type { UserBrief } from '@app/contract';

// One way to read user briefs (with the anchor flag): the rooms module's.
export { briefsOf, toBrief } from '../room/userBriefs.js';

/** The brief of a user that may have been removed since (records outlive nothing, but stay safe). */
export const briefOrGone = (m: Map<number, UserBrief>, id: number): UserBrief =>
  m.get(id) ?? { id, uuid: '', nickname: '', avatar: '', vip_level: 0, level: 0, is_anchor: false };
