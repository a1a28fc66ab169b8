import { ErrorCode, type AnchorApplication, type AnchorApplicationAdmin, type Api, type RouteQuery, type RouteBody } from '@app/contract';
import { isIdCardCN, maskText } from '@app/kit';
import type { Conn } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import { users } from '../user/users.js';
import type { AnchorApplicationRow } from '../room/room.tables.js';
import { briefsOf } from '../user/userBriefs.js';
import { anchorRepository as repo } from './anchor.repository.js';

export type ApplyInput = RouteBody<Api['anchorApply']>;

/** Masks a name: the first character kept (张** / J***). */
const maskName = (name: string): string => (name.length <= 1 ? name : `${[...name][0]}${'*'.repeat(Math.min(4, [...name].length - 1))}`);

const toApplication = (row: AnchorApplicationRow | undefined): AnchorApplication =>
  row
    ? { status: row.status, reason: row.reason, real_name: maskName(row.real_name), submitted_at: row.created_at, reviewed_at: row.reviewed_at }
    : { status: 'none', reason: null, real_name: '', submitted_at: null, reviewed_at: null };

/**
 * Approves or rejects a user's application (operators through the API, or the admin CLI). Rejecting
 * an approved anchor revokes the anchor flag (their open room stays until it is closed).
 */
export async function reviewApplication(
  db: Conn,
  userId: number,
  decision: 'approved' | 'rejected',
  reason: string | null,
  reviewer: number | null,
): Promise<AnchorApplicationRow> {
  const current = await repo.byUser(db, userId);
  if (!current) throw new BizError(ErrorCode.NOT_FOUND, '该用户没有主播申请');
  if (current.status === decision) throw new BizError(ErrorCode.CONFLICT, decision === 'approved' ? '已经通过了' : '已经拒绝了');
  const row = await repo.review(db, userId, {
    status: decision,
    reason: decision === 'rejected' ? reason : null,
    reviewed_by: reviewer,
    reviewed_at: nowIso(),
  });
  if (!row) throw new BizError(ErrorCode.NOT_FOUND, '该用户没有主播申请');
  return row;
}

/** Becoming an anchor: applications, their status, and the operators' review. */
export class AnchorService {
  constructor(
    private readonly deps: Deps,
    private readonly messages: MessageService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async apply(auth: Auth, input: ApplyInput): Promise<AnchorApplication> {
    if (!isIdCardCN(input.id_card)) throw validationError([{ path: 'id_card', message: '请输入正确的身份证号' }]);
    const refuse = (status: string | undefined) => {
      if (status === 'approved') throw new BizError(ErrorCode.ALREADY_ANCHOR);
      if (status === 'pending') throw new BizError(ErrorCode.ANCHOR_APPLY_PENDING);
    };
    refuse((await repo.byUser(this.db, auth.user.id))?.status);
    // The write itself only replaces a rejected application, so a review or another submission
    // landing in between is never overwritten.
    const row = await repo.submit(this.db, { user_id: auth.user.id, ...input, created_at: nowIso() });
    if (!row) refuse((await repo.byUser(this.db, auth.user.id))?.status);
    return toApplication(row ?? (await repo.byUser(this.db, auth.user.id)));
  }

  async status(userId: number): Promise<AnchorApplication> {
    return toApplication(await repo.byUser(this.db, userId));
  }

  async isAnchor(userId: number): Promise<boolean> {
    return repo.isApproved(this.db, userId);
  }

  async list(q: RouteQuery<Api['adminAnchorApplications']>) {
    const { rows, total } = await repo.page(this.db, q);
    const list = await this.adminViews(rows);
    return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async review(reviewer: Auth, userId: number, decision: 'approved' | 'rejected', reason: string | null): Promise<AnchorApplicationAdmin> {
    const row = await reviewApplication(this.db, userId, decision, reason, reviewer.user.id);
    // The applicant hears of it in their notices (pushed live through the hall).
    await this.messages.send(
      {
        user_id: userId,
        type: 'account',
        title: decision === 'approved' ? '主播申请已通过' : '主播申请未通过',
        content: decision === 'approved' ? '恭喜，您已成为主播，现在可以去开播了！' : `很抱歉，您的主播申请未通过。原因：${reason ?? ''}`,
      },
      decision === 'approved' ? { kind: 'anchor_approved' } : { kind: 'anchor_rejected', params: { reason: reason ?? '' } },
    );
    return (await this.adminViews([row]))[0]!;
  }

  private async adminViews(rows: AnchorApplicationRow[]): Promise<AnchorApplicationAdmin[]> {
    const briefs = await briefsOf(
      this.db,
      rows.map((r) => r.user_id),
    );
    return rows.flatMap((r) => {
      const user = briefs.get(r.user_id);
      if (!user) return [];
      return [
        {
          id: r.id,
          user,
          status: r.status,
          real_name: r.real_name,
          id_card: maskText(r.id_card),
          mobile: r.mobile,
          introduction: r.introduction,
          reason: r.reason,
          submitted_at: r.created_at,
          reviewed_at: r.reviewed_at,
        },
      ];
    });
  }
}

/** The CLI's review by mobile number (no sockets there: the applicant sees it in apply_status). */
export async function reviewByMobile(db: Conn, mobile: string, decision: 'approved' | 'rejected', reason: string | null) {
  const user = await users.byMobile(db, mobile);
  if (!user) throw new BizError(ErrorCode.NOT_REGISTERED, `${mobile} 未注册`);
  const row = await reviewApplication(db, user.id, decision, reason, null);
  return { userId: user.id, nickname: user.nickname, status: row.status };
}
