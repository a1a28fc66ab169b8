import { list, section } from '../../config/setting.js';

export interface ForumConfig {
  /** Words masked in posts and comments besides the operators' table. */
  sensitiveWords: string[];
}

/** The forum settings: one section of the server's configuration schema. */
export const forumSettings = section(
  {
    FORUM_SENSITIVE_WORDS: list<string>(
      [],
      '(unset: the table only)',
      'Extra words masked in posts and comments, comma separated (operators edit the rest in the console)',
      (w) => w,
    ),
  },
  (v): ForumConfig => ({ sensitiveWords: v.FORUM_SENSITIVE_WORDS }),
);
