/** Default length of SMS / verification codes. */
export const CODE_LENGTH = 6;
/** Default maxlength of text areas. */
export const TEXTAREA_MAXLENGTH = 140;
/** Most files one upload picker accepts. */
export const UPLOAD_MAX_FILES = 52;
/** Longest video a user may upload, in seconds. */
export const VIDEO_MAX_SECONDS = 60;
/** Seconds before a verification code may be requested again. */
export const CAPTCHA_RESEND_SECONDS = 60;
/** Shortest password, in characters. */
export const PASSWORD_MIN = 6;
/** Longest password, in characters. */
export const PASSWORD_MAX = 32;

/** Mainland China mobile number: 11 digits, 1 then 3–9. */
export function isMobileCN(s: string): boolean {
  return /^1[3-9]\d{9}$/.test(s);
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Practical email check: dot-atom local part, '@', a domain of at least two labels whose last is alphabetic. */
export function isEmail(s: string): boolean {
  if (s.length > 254) return false;
  const at = s.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const local = s.slice(0, at);
  const labels = s.slice(at + 1).split('.');
  return EMAIL_LOCAL.test(local) && labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l)) && /^[A-Za-z]{2,63}$/.test(labels[labels.length - 1]!);
}

const URL_RE = new RegExp(
  '^https?://' +
    '(?:' +
    'localhost' +
    '|(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)' + // IPv4
    '|\\[[0-9A-Fa-f:.]+\\]' + // IPv6 literal
    '|(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?\\.)+(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})' + // domain with a TLD (letters or punycode)
    ')' +
    '(?::\\d{1,5})?' +
    '(?:[/?#][^\\s]*)?$',
  'iu',
);

/** Absolute http or https URL with a host (domain with TLD, IPv4, [IPv6] or localhost), optional port, no spaces or credentials. */
export function isUrl(s: string): boolean {
  if (!URL_RE.test(s)) return false;
  const port = /^https?:\/\/[^/?#]*?:(\d+)(?:[/?#]|$)/i.exec(s)?.[1];
  return port === undefined || Number(port) <= 65535;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643 check character for the first 17 digits of a resident id number. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('Expected exactly 17 digits');
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return ID_CHECK[sum % 11]!;
}

/** 18-character mainland resident id: real birth date (1800 to today, UTC+8) and a correct GB 11643 check char (digit or X/x). */
export function isIdCardCN(s: string): boolean {
  if (!/^[1-9]\d{16}[\dXx]$/.test(s)) return false;
  const y = Number(s.slice(6, 10));
  const m = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) {
    return false;
  }
  if (birth.getTime() - 8 * 3600 * 1000 > Date.now()) return false;
  return idCardCheckChar(s.slice(0, 17)) === s[17]!.toUpperCase();
}

/** Verification code: exactly `len` ASCII digits. */
export function isCode(s: string, len: number = CODE_LENGTH): boolean {
  return Number.isInteger(len) && len > 0 && s.length === len && /^[0-9]+$/.test(s);
}

/** Password: PASSWORD_MIN–PASSWORD_MAX characters with at least one ASCII letter and one digit. */
export function isPassword(s: string): boolean {
  const n = Array.from(s).length;
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX && /[A-Za-z]/.test(s) && /[0-9]/.test(s);
}
