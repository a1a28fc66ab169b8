import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Operator roles and two-factor sign-in (decisions 0199, 0200). Row types: modules/operator/operator.tables.ts.
 * - operators: each operator's console role and authenticator secret (users.role stays `operator`).
 * - operator_recovery_codes: one-time recovery codes, stored as their SHA-256.
 * - operator_sessions: the sessions that passed the second factor.
 * Every operator of an upgraded database becomes an `owner`: before roles, each could do everything.
 */
export function operatorRoles(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('operators')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        // Base32 TOTP secret once enrolled; `totp_pending` while an enrolment awaits its first code.
        .addColumn('totp_secret', 'text')
        .addColumn('totp_pending', 'text')
        .addColumn('totp_enabled_at', 'text')
        // The last time step a code was accepted for: a code is never accepted twice.
        .addColumn('totp_step', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('operator_recovery_codes'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operator_recovery_codes_user').on('operator_recovery_codes').columns(['user_id', 'code_hash']).execute();
      await db.schema
        .createTable('operator_sessions')
        .addColumn('session_id', 'integer', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('verified_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operator_sessions_user').on('operator_sessions').column('user_id').execute();
      const now = new Date().toISOString();
      await db
        .insertInto('operators' as never)
        .columns(['user_id', 'role', 'created_at', 'updated_at'] as never)
        .expression(
          (db as Kysely<{ users: { id: number; role: string } }>)
            .selectFrom('users')
            .where('role', '=', 'operator')
            .select((eb) => ['id', eb.val('owner').as('role'), eb.val(now).as('created_at'), eb.val(now).as('updated_at')]) as never,
        )
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('operator_sessions').execute();
      await db.schema.dropTable('operator_recovery_codes').execute();
      await db.schema.dropTable('operators').execute();
    },
  };
}
