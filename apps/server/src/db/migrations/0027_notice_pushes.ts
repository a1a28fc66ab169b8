import type { Kysely } from 'kysely';

/**
 * Notices written by another process (the operator command line) wait here for the server to push
 * them to the hall (decision 0180): the worker takes each row, deletes it and pushes the notice.
 * Row types: db/schema.ts (NoticePushesTable).
 */
export function noticePushes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notice_pushes')
        .addColumn('notice_id', 'integer', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('notice_pushes').execute();
    },
  };
}
