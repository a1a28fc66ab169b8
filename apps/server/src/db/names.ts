import type { Names } from '@app/contract';

/** A JSON-object column read back; a broken or non-object value reads as `{}` (a hand-edited row never breaks a list). */
export function jsonObject(raw: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A JSON column of texts by key (`names`: the name in languages other than zh-CN, `{"en": "Rose"}`; a notice's params). */
export const parseNames = (raw: string | null | undefined): Names =>
  Object.fromEntries(Object.entries(jsonObject(raw)).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
