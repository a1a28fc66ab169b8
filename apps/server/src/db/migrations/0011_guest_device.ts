import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * One guest per device, enforced by the database: two `home/visitor` calls from one device at once
 * on two instances both found no guest and both created one. A unique partial index makes the
 * second insert fail, and the service then answers the first one's guest. Guests already doubled
 * keep their rows (and sessions), but only the oldest keeps the device.
 */
export function guestDevice(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`
        update users set device_id = null
        where is_guest = 1 and device_id is not null
          and id > (select min(u.id) from users u where u.is_guest = 1 and u.device_id = users.device_id)`.execute(db);
      await db.schema.createIndex('users_guest_device_unique').unique().on('users').column('device_id').where(sql.ref('is_guest'), '=', 1).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('users_guest_device_unique').execute();
    },
  };
}
