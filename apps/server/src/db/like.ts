import { sql } from 'kysely';

/** A LIKE pattern matching `text` anywhere, with the wildcards in it escaped (use with ESCAPE '\'). */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(col) LIKE pattern` with `\` as the escape, the same on SQLite and PostgreSQL. */
export const likeCol = (col: string, pattern: string) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`;
