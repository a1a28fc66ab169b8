import { describe, expect, it } from 'vitest';
import { smsButtonLabel } from './parts/useCountdown';
import { checkLogin, checkPasswords, checkRegister, checkSmsRequest, checkVerify } from './validate';

const ok = { mobile: '13800138000', code: '123456', password: 'abc123', confirm: 'abc123', invite: '', agreed: true };

describe('auth form validation', () => {
  it('accepts a complete registration', () => expect(checkRegister(ok)).toBeNull());

  it.each([
    [{ mobile: '12800138000' }, 'validate.mobile'],
    [{ mobile: '1380013800' }, 'validate.mobile'],
    [{ code: '12345' }, 'validate.code'],
    [{ code: '12a456' }, 'validate.code'],
    [{ password: 'abcdef', confirm: 'abcdef' }, 'validate.password'],
    [{ password: '123456', confirm: '123456' }, 'validate.password'],
    [{ password: 'ab1', confirm: 'ab1' }, 'validate.password'],
    [{ confirm: 'abc124' }, 'validate.confirm'],
    [{ invite: 'X'.repeat(17) }, 'validate.invite'],
    [{ agreed: false }, 'validate.agreement'],
  ])('refuses %o with %s', (patch, key) => {
    expect(checkRegister({ ...ok, ...patch })).toBe(key);
  });

  it('checks the SMS request, login, the forget steps', () => {
    expect(checkSmsRequest({ mobile: '13800138000', captcha: ' ' })).toBe('validate.captcha');
    expect(checkSmsRequest({ mobile: 'x', captcha: 'ab12' })).toBe('validate.mobile');
    expect(checkSmsRequest({ mobile: '13800138000', captcha: 'ab12' })).toBeNull();
    expect(checkLogin({ account: ' ', password: 'x' })).toBe('login.accountRequired');
    expect(checkLogin({ account: 'amy', password: '' })).toBe('login.passwordRequired');
    expect(checkLogin({ account: 'amy', password: 'x' })).toBeNull();
    expect(checkVerify({ mobile: '13800138000', code: '000000' })).toBeNull();
    expect(checkPasswords({ password: 'abc123', confirm: 'abc12' })).toBe('validate.confirm');
  });
});

describe('SMS button label (§4: start, counting, restart)', () => {
  it('starts with 获取验证码, counts, then offers 重新获取', () => {
    expect(smsButtonLabel(0, false)).toEqual({ key: 'sms.get' });
    expect(smsButtonLabel(60, true)).toEqual({ key: 'sms.counting', n: 60 });
    expect(smsButtonLabel(1, true)).toEqual({ key: 'sms.counting', n: 1 });
    expect(smsButtonLabel(0, true)).toEqual({ key: 'sms.again' });
  });
});
