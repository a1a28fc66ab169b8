import { ErrorCode } from '@app/contract';
import { BizError } from '../../http/errors.js';

/**
 * The sensitive-word filter: words are replaced by asterisks before storing. The list comes from
 * FORUM_SENSITIVE_WORDS (comma separated) when set, else a small built-in default.
 */
const DEFAULT_WORDS = ['赌博', '代开发票', '刷单返利', '裸聊'];

export function sensitiveWords(env: NodeJS.ProcessEnv = process.env): string[] {
  const given = env.FORUM_SENSITIVE_WORDS?.split(',').map((w) => w.trim()).filter(Boolean);
  return given && given.length ? given : DEFAULT_WORDS;
}

export function maskSensitive(text: string, words: string[]): string {
  let out = text;
  for (const w of words) if (out.includes(w)) out = out.split(w).join('*'.repeat([...w].length));
  return out;
}

/** Per-user limits on writing: posts and comments per minute. */
export const WRITE_LIMITS = { postsPerMinute: 5, commentsPerMinute: 20 } as const;

export function assertUnder(count: number, max: number): void {
  if (count >= max) throw new BizError(ErrorCode.RATE_LIMITED, '发得太快了，请稍后再试');
}
