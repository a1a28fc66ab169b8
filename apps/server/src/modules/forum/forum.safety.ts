import { ErrorCode } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { BizError } from '../../http/errors.js';

/**
 * The sensitive-word filter: words are replaced by asterisks before storing. The list is the
 * `sensitive_words` table (operators edit it in the console; migration 0008 seeds a small default)
 * plus the words of FORUM_SENSITIVE_WORDS (`ForumConfig`). Read at most every few seconds per process.
 */
const WORDS_TTL_MS = 5000;
const cache = new WeakMap<object, { at: number; words: string[] }>();

/** The words in force now (the table and the environment). */
export async function sensitiveWords(db: Conn, configured: string[]): Promise<string[]> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < WORDS_TTL_MS) return hit.words;
  const rows = await db.selectFrom('sensitive_words').select('word').execute();
  const words = [...new Set([...rows.map((r) => r.word), ...configured])];
  cache.set(db, { at: Date.now(), words });
  return words;
}

/** Forgets the cached list (after an operator edited it) so this process applies the change at once. */
export function sensitiveWordsChanged(db: Conn): void {
  cache.delete(db);
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
