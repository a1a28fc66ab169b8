import { ErrorCode, MAX_BAN_MINUTES, type AdminUser, type BanScope, type Page, type Api, type RouteQuery, type RouteBody } from '@app/contract';
import { formatDateCN } from '@app/kit';
import type { UserRow } from '../../db/schema.js';
import { MINUTE, isoIn, nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { hashPassword } from '../auth/password.js';
import type { Auth, SessionService } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import type { RoomService } from '../room/room.service.js';
import { briefsOf } from '../user/userBriefs.js';
import { users } from '../user/users.js';
import { moderation } from '../moderation/moderation.service.js';
import { adminUserRepository } from './adminUser.repository.js';

const BAN_TITLE: Record<BanScope, string> = { chat: '你已被禁言', post: '你已被禁止发帖', login: '你的账号已被暂停登录', live: '你已被禁止开播' };

/** Members as operators manage them: search, timed bans, password resets. */
export class AdminUserService {
  constructor(
    private readonly deps: Deps,
    private readonly sessions: SessionService,
    private readonly rooms: RoomService,
    private readonly messages: MessageService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async list(q: RouteQuery<Api['adminUsers']>): Promise<Page<AdminUser>> {
    const { rows, total } = await adminUserRepository.search(this.db, { ...q, bannedAt: q.banned === '1' ? nowIso() : undefined });
    return { list: await this.views(rows), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  /** A member by id (never a guest); operators cannot be banned or reset here. */
  private async member(userId: number, forAction: boolean): Promise<UserRow> {
    const user = await users.byId(this.db, userId);
    if (!user || user.is_guest === 1) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    if (forAction && user.role === 'operator') throw new BizError(ErrorCode.FORBIDDEN, '不能对运营账号执行此操作');
    return user;
  }

  async one(userId: number): Promise<AdminUser> {
    return (await this.views([await this.member(userId, false)]))[0]!;
  }

  /**
   * Bans a member from a scope for some minutes. A login ban disables the account until then and
   * ends every session at once; a live ban ends their live now and refuses room/open until then.
   */
  async ban(op: Auth, input: RouteBody<Api['adminUserBan']>): Promise<AdminUser> {
    const user = await this.member(input.user_id, true);
    const minutes = Math.min(input.minutes, MAX_BAN_MINUTES);
    const until = isoIn(minutes * MINUTE);
    await this.deps.db.tx(async (trx) => {
      await moderation.ban(trx, { user_id: user.id, scope: input.scope, until, reason: input.reason, created_by: op.user.id, created_at: nowIso() });
      if (input.scope === 'login') {
        const disabled = user.disabled_until && user.disabled_until > until ? user.disabled_until : until;
        await users.update(trx, user.id, { disabled_until: disabled, updated_at: nowIso() });
        await this.sessions.revokeAllOfUser(trx, user.id);
      }
    });
    if (input.scope === 'login') this.sessions.endAll(user.id, ErrorCode.ACCOUNT_DISABLED);
    if (input.scope === 'live') {
      const room = await this.rooms.byAnchor(user.id);
      if (room?.status === 'open') await this.rooms.closeRoom(room.id, 'operator');
    }
    // The member hears why and until when (a login ban: when they can log in again).
    await this.messages.send(
      {
        user_id: user.id,
        type: 'account',
        title: BAN_TITLE[input.scope],
        content: `原因：${input.reason}。解除时间：${formatDateCN(until, 'YYYY-MM-DD HH:mm')}（北京时间）。`,
      },
      { kind: 'banned', params: { scope: input.scope, reason: input.reason, until } },
    );
    return this.one(user.id);
  }

  async unban(input: RouteBody<Api['adminUserUnban']>): Promise<AdminUser> {
    const user = await this.member(input.user_id, false);
    await this.deps.db.tx(async (trx) => {
      await moderation.lift(trx, user.id, input.scope);
      if (input.scope === 'login') await users.update(trx, user.id, { disabled_until: null, updated_at: nowIso() });
    });
    return this.one(user.id);
  }

  /** Sets a new password; every session of the member ends (they log in with the new one). */
  async resetPassword(input: RouteBody<Api['adminUserResetPassword']>): Promise<AdminUser> {
    const user = await this.member(input.user_id, true);
    const password_hash = await hashPassword(input.password);
    await this.deps.db.tx(async (trx) => {
      await users.update(trx, user.id, { password_hash, updated_at: nowIso() });
      await this.sessions.revokeAllOfUser(trx, user.id);
    });
    this.sessions.endAll(user.id);
    return this.one(user.id);
  }

  private async views(rows: UserRow[]): Promise<AdminUser[]> {
    const ids = rows.map((r) => r.id);
    const [briefs, bans] = await Promise.all([briefsOf(this.db, ids), moderation.inForceOf(this.db, ids)]);
    return rows.map((u) => ({
      ...briefs.get(u.id)!,
      account: u.account,
      mobile: u.mobile ?? '',
      role: u.role,
      created_at: u.created_at,
      bans: bans
        .filter((b) => b.user_id === u.id)
        .map((b) => ({ id: b.id, user_id: b.user_id, scope: b.scope, until: b.until, reason: b.reason, created_by: b.created_by, created_at: b.created_at })),
    }));
  }
}
