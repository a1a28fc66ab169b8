import type { Kysely } from 'kysely';

/**
 * Leader leases: one row per background duty (the worker's jobs), naming the instance that holds it
 * until `expires_at`. An instance takes a lease only when it is free or run out, so exactly one
 * instance runs the jobs, and another takes over within a lease's length when it dies.
 */
export function leaderLeases() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leader_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('leader_leases').execute();
    },
  };
}
