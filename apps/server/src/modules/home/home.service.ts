import { ErrorCode, type Bulletin, type Session, type Api, type RouteBody, type RouteQuery } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { BulletinRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SessionService } from '../auth/session.service.js';
import { defaultNickname, newInviteCode, userDefaults } from '../user/newUser.js';
import { users } from '../user/users.js';
import { homeRepository as repo } from './home.repository.js';

const toBulletin = (b: BulletinRow): Bulletin => ({ id: b.id, title: b.title, content: b.content, pinned: b.pinned === 1, created_at: b.created_at });

/** Guest sessions, announcements, ad-click counting. */
export class HomeService {
  constructor(
    private readonly deps: Deps,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** A guest session for the device: the same device always maps to the same guest user. */
  async visitor(device: string | null, ip: string): Promise<Session> {
    if (!device) throw validationError([{ path: 'Device', message: '缺少设备标识（Device 请求头，8–128 位字母数字）' }]);
    let guest = await users.guestByDevice(this.db, device);
    if (!guest) {
      try {
        guest = await users.insert(this.db, {
          ...userDefaults(),
          account: `guest_${device.slice(0, 40)}_${Date.now().toString(36)}`,
          nickname: defaultNickname('游客'),
          invite_code: newInviteCode(),
          role: 'guest',
          is_guest: 1,
          device_id: device,
        });
      } catch (err) {
        // The same device asking twice at once: the other request created it.
        guest = await users.guestByDevice(this.db, device);
        if (!guest) throw err;
      }
    }
    const issued = await this.sessions.issue(this.db, guest.id, { device, ip, ttlDays: 30 });
    return this.auth.sessionOf(this.db, guest, issued);
  }

  /** Whether a stored guest token still works; with its session when it does. */
  async verifyVisitor(token: string) {
    const checked = await this.sessions.check(token);
    if (!checked.ok || checked.auth.user.is_guest !== 1) return { valid: false, session: null };
    const { session, user } = checked.auth;
    return { valid: true, session: await this.auth.sessionOf(this.db, user, { token, expires_at: session.expires_at }) };
  }

  async bulletins(q: RouteQuery<Api['bulletin']>) {
    if (q.id !== undefined) {
      const one = await repo.bulletinById(this.db, q.id);
      if (!one) throw new BizError(ErrorCode.NOT_FOUND, '公告不存在');
      return { list: [toBulletin(one)], total: 1, page: 1, size: q.size, has_more: false };
    }
    const { rows, total } = await repo.bulletinPage(this.db, q.page, q.size);
    return { list: rows.map(toBulletin), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async createBulletin(input: RouteBody<Api['adminCreateBulletin']>): Promise<Bulletin> {
    return toBulletin(await repo.insertBulletin(this.db, { ...input, pinned: input.pinned ? 1 : 0, created_at: nowIso() }));
  }

  async countAdClick(input: { ad_id: number; source: string }, userId: number | null, ip: string) {
    await repo.insertAdClick(this.db, { ...input, user_id: userId, ip, created_at: nowIso() });
    return { counted: true as const };
  }
}
