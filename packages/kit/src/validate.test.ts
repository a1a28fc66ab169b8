import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_RESEND_SECONDS,
  CODE_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TEXTAREA_MAXLENGTH,
  UPLOAD_MAX_FILES,
  VIDEO_MAX_SECONDS,
  idCardCheckChar,
  isCode,
  isEmail,
  isIdCardCN,
  isMobileCN,
  isPassword,
  isUrl,
} from './validate.js';

/** Test-side GB 11643-1999 check: ISO 7064 MOD 11-2, weights 2^(17-i) mod 11, written independently of the module. */
function withCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const check = (12 - (sum % 11)) % 11;
  return first17 + (check === 10 ? 'X' : String(check));
}

/** Same number with a different (wrong) last character. */
function wrongCheck(id: string): string {
  const last = id[17]!;
  return id.slice(0, 17) + (last === '0' ? '1' : '0');
}

describe('constants', () => {
  it('match the seed', () => {
    expect([CODE_LENGTH, TEXTAREA_MAXLENGTH, UPLOAD_MAX_FILES, VIDEO_MAX_SECONDS, CAPTCHA_RESEND_SECONDS]).toEqual([6, 140, 52, 60, 60]);
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([6, 32]);
  });
});

describe('isMobileCN', () => {
  it.each(['13800138000', '19912345678', '15000000000', '17612345678'])('accepts %s', (s) => {
    expect(isMobileCN(s)).toBe(true);
  });
  it.each(['', '12800138000', '10800138000', '1380013800', '138001380000', '+8613800138000', '1380013800a', ' 13800138000', '１３８００１３８０００'])(
    'rejects %j',
    (s) => {
      expect(isMobileCN(s)).toBe(false);
    },
  );
});

describe('isEmail', () => {
  it.each(['a@b.co', 'user.name+tag@example.com', 'x_y-z@mail.example.cn', "o'brien@test.org", 'A1@sub-domain.example.io'])('accepts %s', (s) => {
    expect(isEmail(s)).toBe(true);
  });
  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@localhost',
    'user@example',
    'user@@example.com',
    'us er@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@example.c',
    'user@example.123',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('rejects %j', (s) => {
    expect(isEmail(s)).toBe(false);
  });
});

describe('isUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/',
    'HTTPS://Example.COM/path?q=1#top',
    'https://sub.example.co.uk:8443/a/b.png',
    'http://localhost:8080/api',
    'http://127.0.0.1',
    'http://192.168.1.255:3000/x',
    'http://[::1]:8080/',
    'https://例子.中国/路径',
    'https://xn--fsqu00a.xn--fiqs8s/',
  ])('accepts %s', (s) => {
    expect(isUrl(s)).toBe(true);
  });
  it.each([
    '',
    'example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:a@b.co',
    'http://',
    'http://example',
    'http:///path',
    'https://exa mple.com',
    'https://example.com/a b',
    'http://256.1.1.1',
    'http://example.com:99999',
    'http://user:pass@example.com',
    '//example.com',
    'https://-bad.com',
  ])('rejects %j', (s) => {
    expect(isUrl(s)).toBe(false);
  });
});

describe('isIdCardCN', () => {
  it('the test helper agrees with the GB 11643 sample numbers', () => {
    expect(withCheck('11010519491231002')).toBe('11010519491231002X');
    expect(withCheck('44052418800101001')).toBe('440524188001010014');
  });

  it('the module check char agrees with the independent helper', () => {
    for (const first17 of ['11010519491231002', '44052418800101001', '32010619900307123', '51010120000229000']) {
      expect(first17 + idCardCheckChar(first17)).toBe(withCheck(first17));
    }
    expect(() => idCardCheckChar('1234')).toThrow();
  });

  it.each([
    withCheck('11010519491231002'), // ends in X
    withCheck('11010519491231002').toLowerCase(), // x accepted
    withCheck('44052418800101001'),
    withCheck('32010619900307123'),
    withCheck('51010120000229000'), // 29 Feb in a leap year
  ])('accepts %s', (s) => {
    expect(isIdCardCN(s)).toBe(true);
  });

  it.each([
    ['wrong check digit', wrongCheck(withCheck('32010619900307123'))],
    ['X where a digit belongs', withCheck('32010619900307123').slice(0, 17) + 'X'],
    ['digit where X belongs', '110105194912310020'],
    ['29 Feb in a non-leap year', withCheck('51010119990229000')],
    ['month 13', withCheck('51010119991301000')],
    ['day 00', withCheck('51010119990100000')],
    ['31 April', withCheck('51010119990431000')],
    ['born before 1800', withCheck('51010117991231000')],
    ['born in the future', withCheck('51010121000101000')],
    ['leading zero area', withCheck('01010519491231002')],
    ['17 characters', withCheck('32010619900307123').slice(0, 17)],
    ['15-digit old format', '320106900307123'],
    ['letter inside', '3201061990030A1234'],
    ['empty', ''],
  ])('rejects %s', (_name, s) => {
    expect(isIdCardCN(s)).toBe(false);
  });
});

describe('isCode', () => {
  it('defaults to 6 digits', () => {
    expect(isCode('123456')).toBe(true);
    expect(isCode('000000')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('1234567')).toBe(false);
    expect(isCode('12345a')).toBe(false);
    expect(isCode(' 12345')).toBe(false);
    expect(isCode('１２３４５６')).toBe(false); // full-width digits
    expect(isCode('')).toBe(false);
  });
  it('honours len', () => {
    expect(isCode('1234', 4)).toBe(true);
    expect(isCode('123456', 4)).toBe(false);
    expect(isCode('', 0)).toBe(false);
    expect(isCode('12', 1.5)).toBe(false);
  });
});

describe('isPassword', () => {
  it.each(['abc123', 'Passw0rd', 'a1' + 'x'.repeat(30), '密码abc123', 'p@ss w0rd!'])('accepts %j', (s) => {
    expect(isPassword(s)).toBe(true);
  });
  it.each([
    ['too short', 'ab123'],
    ['too long', 'a1' + 'x'.repeat(31)],
    ['letters only', 'abcdefgh'],
    ['digits only', '12345678'],
    ['no ASCII letter', '密码密码1234'],
    ['empty', ''],
  ])('rejects %s', (_name, s) => {
    expect(isPassword(s)).toBe(false);
  });
});
