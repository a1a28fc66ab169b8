import { createHash, randomBytes, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { ErrorCode } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { xactLock } from '../../db/locks.js';
import { HOUR, isoIn, nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { SmsRefused, type SmsRefusal } from '../../sms/smsRefused.js';
import { users } from '../user/users.js';
import { VERIFY_RULES as R } from './limits.js';
import { verifyRepository as repo } from './verify.repository.js';

export type SmsScene = 'register' | 'forget' | 'login';

/** What the user reads when the SMS provider did not take the message. */
const REFUSAL_MESSAGE: Record<SmsRefusal, string> = {
  bad_number: '短信发送失败：该手机号无法接收短信，请检查号码',
  quota: '短信发送失败：已达发送上限，请稍后再试',
  other: '短信发送失败，请稍后再试',
};

const codeHash = (mobile: string, scene: string, code: string) => createHash('sha256').update(`${mobile}:${scene}:${code}`).digest('hex');

/**
 * Image captcha and SMS codes. The flow: unique_code → captcha image → captcha_check (a pass allows
 * one SMS) → SMS code → the code is checked (verify) and used once (register / forget_password).
 * Every limit is counted in the database, so all instances share it.
 */
export class VerifyService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async uniqueCode(ip: string) {
    const unique_code = randomBytes(16).toString('hex');
    await repo.insertCaptcha(this.db, { unique_code, ip, expires_at: isoIn(R.captchaTtlMs), created_at: nowIso() });
    // Housekeeping on the side: old captchas are worthless.
    void repo.deleteExpiredCaptchas(this.db, isoIn(-HOUR)).catch((err: unknown) => this.deps.log.warn({ err }, 'captcha cleanup failed'));
    return { unique_code, expires_in: Math.round(R.captchaTtlMs / 1000) };
  }

  private async liveCaptcha(uniqueCode: string) {
    const row = await repo.captcha(this.db, uniqueCode);
    if (!row || row.used_at || row.expires_at <= nowIso()) throw new BizError(ErrorCode.CAPTCHA_EXPIRED);
    return row;
  }

  /** Draws a new captcha for the code; asking again replaces the answer and the expiry. */
  async captchaImage(uniqueCode: string) {
    await this.liveCaptcha(uniqueCode);
    const c = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1lIi', width: 120, height: 40 });
    await repo.setCaptchaAnswer(this.db, uniqueCode, c.text.toLowerCase(), isoIn(R.captchaTtlMs));
    return {
      image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`,
      expires_in: Math.round(R.captchaTtlMs / 1000),
    };
  }

  /** One guess per image: a wrong answer voids it, so the client draws a new one (no brute force). */
  async checkCaptcha(uniqueCode: string, answer: string) {
    const row = await this.liveCaptcha(uniqueCode);
    if (!row.answer) throw new BizError(ErrorCode.CAPTCHA_EXPIRED);
    if (row.answer !== answer.trim().toLowerCase()) {
      await repo.setCaptchaAnswer(this.db, uniqueCode, null);
      throw new BizError(ErrorCode.CAPTCHA_WRONG, '图形验证码错误，请重新输入');
    }
    await repo.passCaptcha(this.db, uniqueCode, nowIso());
    return { passed: true as const };
  }

  /** Checks the scene against the number's registration, then every limit, then sends. */
  async sendSms(input: { mobile: string; scene: SmsScene; unique_code: string }, ip: string) {
    const captcha = await repo.captcha(this.db, input.unique_code);
    if (!captcha || !captcha.passed_at || captcha.used_at || captcha.expires_at <= nowIso()) throw new BizError(ErrorCode.CAPTCHA_REQUIRED);

    const registered = (await users.byMobile(this.db, input.mobile)) !== undefined;
    if (input.scene === 'register' && registered) throw new BizError(ErrorCode.MOBILE_TAKEN);
    if (input.scene !== 'register' && !registered) throw new BizError(ErrorCode.NOT_REGISTERED);

    const code = String(randomInt(10 ** R.codeLength)).padStart(R.codeLength, '0');
    const saved = await this.deps.db.tx(async (trx) => {
      // One send at a time across instances, so the per-number, per-IP and global limits are exact.
      await xactLock(trx, this.deps.db.dialect, 'sms:send');
      await this.checkLimits(trx, input.mobile, ip);
      if (!(await repo.useCaptcha(trx, input.unique_code, nowIso()))) throw new BizError(ErrorCode.CAPTCHA_REQUIRED);
      return repo.insertSmsCode(trx, {
        mobile: input.mobile,
        scene: input.scene,
        code_hash: codeHash(input.mobile, input.scene, code),
        ip,
        expires_at: isoIn(R.smsTtlMs),
        created_at: nowIso(),
      });
    });
    try {
      await this.deps.sms.send({ mobile: input.mobile, scene: input.scene, code });
    } catch (err) {
      // Not sent: the code is withdrawn, so it counts against none of the number's, the IP's or the platform's sends.
      await repo.deleteSmsCode(this.db, saved.id);
      const refused = err instanceof SmsRefused ? err : new SmsRefused('other', String(err));
      this.deps.log.warn({ mobile: input.mobile, reason: refused.reason, detail: refused.detail }, 'sms not sent');
      throw new BizError(ErrorCode.SMS_NOT_SENT, REFUSAL_MESSAGE[refused.reason]);
    }
    return { sent: true as const, resend_in: Math.round(R.resendMs / 1000), expires_in: Math.round(R.smsTtlMs / 1000) };
  }

  private async checkLimits(db: Conn, mobile: string, ip: string): Promise<void> {
    const recent = await repo.smsSentTo(db, mobile, isoIn(-R.perNumberWindowMs));
    const last = recent[0];
    if (last) {
      const wait = Math.ceil((Date.parse(last.created_at) + R.resendMs - Date.now()) / 1000);
      if (wait > 0) throw new BizError(ErrorCode.SMS_TOO_FREQUENT, `验证码发送太频繁，请${wait}秒后再试`);
    }
    if (recent.length >= R.perNumberMax) {
      const oldest = recent[R.perNumberMax - 1]!;
      const wait = Math.ceil((Date.parse(oldest.created_at) + R.perNumberWindowMs - Date.now()) / 60000);
      throw new BizError(ErrorCode.SMS_TOO_FREQUENT, `该手机号验证码发送次数过多，请${Math.max(1, wait)}分钟后再试`);
    }
    const { smsIpPerHour, smsGlobalPerHour } = this.deps.config;
    if ((await repo.smsCountByIp(db, ip, isoIn(-HOUR))) >= smsIpPerHour) {
      throw new BizError(ErrorCode.SMS_TOO_FREQUENT, '当前网络获取验证码次数过多，请1小时后再试');
    }
    if ((await repo.smsCountSince(db, isoIn(-HOUR))) >= smsGlobalPerHour) {
      throw new BizError(ErrorCode.RATE_LIMITED, '短信服务繁忙，请稍后再试');
    }
  }

  /**
   * Checks a code without using it. Wrong guesses are counted outside any caller transaction,
   * so a refused registration still spends an attempt.
   */
  async checkSms(mobile: string, scene: SmsScene, code: string): Promise<{ id: number }> {
    const row = await repo.latestSmsCode(this.db, mobile, scene);
    if (!row || row.used_at || row.expires_at <= nowIso()) throw new BizError(ErrorCode.SMS_CODE_EXPIRED);
    if (row.attempts >= R.maxAttempts) throw new BizError(ErrorCode.SMS_CODE_EXPIRED, '验证码错误次数过多，请重新获取');
    if (row.code_hash !== codeHash(mobile, scene, code)) {
      await repo.countSmsAttempt(this.db, row.id);
      throw new BizError(ErrorCode.SMS_CODE_WRONG);
    }
    return { id: row.id };
  }

  /** Uses up a checked code inside the caller's transaction; a code works once. */
  async useSms(db: Conn, id: number): Promise<void> {
    if (!(await repo.useSmsCode(db, id, nowIso()))) throw new BizError(ErrorCode.SMS_CODE_EXPIRED);
  }

  async devLastSms(mobile: string) {
    const row = await repo.lastOutbox(this.db, mobile);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '没有发给这个号码的短信');
    return { code: row.code, scene: row.scene as SmsScene, sent_at: row.created_at };
  }

  async devCaptchaAnswer(uniqueCode: string) {
    const row = await repo.captcha(this.db, uniqueCode);
    if (!row?.answer) throw new BizError(ErrorCode.NOT_FOUND, '这个 unique_code 没有图形验证码');
    return { answer: row.answer };
  }
}
