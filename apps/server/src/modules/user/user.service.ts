import { ErrorCode, type Api, type RouteBody, type UserInfo } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { UserPatch } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { AuthCache } from '../auth/authCache.js';
import type { Auth } from '../auth/session.service.js';
import { isOwnUpload } from '../upload/ownUpload.js';
import { userRepository } from './user.repository.js';
import { loadUserInfo } from './userInfo.js';

export type ProfileEdit = RouteBody<Api['updateUserInfo']>;

/** The current user's profile. */
export class UserService {
  constructor(
    private readonly deps: Deps,
    /** The session cache (SQLite), which also keeps each caller's last profile. */
    private readonly cache: AuthCache | undefined,
  ) {}

  /**
   * The caller's own profile (user/info), from the user row read with the session. While nothing
   * about the user has changed since it was answered (the session's revision), it is answered again
   * without reading the counts.
   */
  async mine(auth: Auth): Promise<UserInfo> {
    const kept = this.cache?.profile(auth);
    if (kept) return kept;
    const info = await loadUserInfo(this.deps.db.kysely, auth.user);
    this.cache?.keepProfile(auth, info);
    return info;
  }

  async info(userId: number): Promise<UserInfo> {
    const user = await userRepository.byId(this.deps.db.kysely, userId);
    if (!user) throw new BizError(ErrorCode.NOT_FOUND);
    return loadUserInfo(this.deps.db.kysely, user);
  }

  async update(auth: Auth, edit: ProfileEdit): Promise<UserInfo> {
    const db = this.deps.db.kysely;
    const me = auth.user;
    const patch: UserPatch = {};
    if (edit.nickname !== undefined && edit.nickname !== me.nickname) {
      if (await userRepository.nicknameTaken(db, edit.nickname, me.id)) throw new BizError(ErrorCode.NICKNAME_TAKEN);
      patch.nickname = edit.nickname;
    }
    if (edit.avatar !== undefined && edit.avatar !== me.avatar) {
      // An avatar is an image this user uploaded (or none): never an arbitrary URL to hotlink.
      if (edit.avatar !== '' && !(await isOwnUpload(db, this.deps.storage, me.id, edit.avatar))) {
        throw validationError([{ path: 'avatar', message: '请先上传头像图片' }]);
      }
      patch.avatar = edit.avatar;
    }
    if (edit.signature !== undefined) patch.signature = edit.signature;
    if (edit.gender !== undefined) patch.gender = edit.gender;
    if (edit.birthday !== undefined) {
      if (edit.birthday !== null && edit.birthday > nowIso().slice(0, 10)) throw validationError([{ path: 'birthday', message: '生日不能晚于今天' }]);
      patch.birthday = edit.birthday;
    }
    if (Object.keys(patch).length > 0) await userRepository.update(db, me.id, { ...patch, updated_at: nowIso() });
    return this.info(me.id);
  }
}
