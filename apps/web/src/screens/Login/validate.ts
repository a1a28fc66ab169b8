import { isCode, isMobileCN, isPassword } from '@app/kit';

/** Message keys of the auth forms; each names its field (e.g. "手机号：请输入正确的手机号"). */
export type AuthProblem =
  | 'validate.mobile'
  | 'validate.captcha'
  | 'validate.code'
  | 'validate.password'
  | 'validate.confirm'
  | 'validate.agreement'
  | 'validate.invite'
  | 'login.accountRequired'
  | 'login.passwordRequired';

/** Before an SMS code is requested: a valid mobile and a typed image captcha. */
export function checkSmsRequest(v: { mobile: string; captcha: string }): AuthProblem | null {
  if (!isMobileCN(v.mobile.trim())) return 'validate.mobile';
  if (!v.captcha.trim()) return 'validate.captcha';
  return null;
}

export function checkLogin(v: { account: string; password: string }): AuthProblem | null {
  if (!v.account.trim()) return 'login.accountRequired';
  if (!v.password) return 'login.passwordRequired';
  return null;
}

/** The new password and its confirmation (register, forget). */
export function checkPasswords(v: { password: string; confirm: string }): AuthProblem | null {
  if (!isPassword(v.password)) return 'validate.password';
  if (v.password !== v.confirm) return 'validate.confirm';
  return null;
}

export function checkRegister(v: { mobile: string; code: string; password: string; confirm: string; invite: string; agreed: boolean }): AuthProblem | null {
  if (!isMobileCN(v.mobile.trim())) return 'validate.mobile';
  if (!isCode(v.code.trim())) return 'validate.code';
  const pw = checkPasswords(v);
  if (pw) return pw;
  if (v.invite.trim().length > 16) return 'validate.invite';
  if (!v.agreed) return 'validate.agreement';
  return null;
}

/** Forget password, step one: mobile and SMS code. */
export function checkVerify(v: { mobile: string; code: string }): AuthProblem | null {
  if (!isMobileCN(v.mobile.trim())) return 'validate.mobile';
  if (!isCode(v.code.trim())) return 'validate.code';
  return null;
}
