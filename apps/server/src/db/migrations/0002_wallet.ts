import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

const C = 10_000; // MONEY_UNIT: one gold coin

/** The recharge packages offered from the start: 1 元 = 10 coins, bigger packages carry a bonus. */
const PACKAGES = [
  { name: '60金币', price_fen: 600, coins: 60, bonus: 0, tag: '' },
  { name: '300金币', price_fen: 3000, coins: 300, bonus: 10, tag: '' },
  { name: '680金币', price_fen: 6800, coins: 680, bonus: 30, tag: '' },
  { name: '1280金币', price_fen: 12800, coins: 1280, bonus: 80, tag: '热门' },
  { name: '3280金币', price_fen: 32800, coins: 3280, bonus: 260, tag: '' },
  { name: '6480金币', price_fen: 64800, coins: 6480, bonus: 600, tag: '超值' },
];

/** The platform's accounts (user_id 0). Source accounts (money from outside, rewards paid) run negative by design. */
const PLATFORM_ACCOUNTS = [
  { kind: 'revenue', allow_negative: 0 },
  { kind: 'payment_clearing', allow_negative: 1 },
  { kind: 'withdrawal_clearing', allow_negative: 0 },
  { kind: 'rewards', allow_negative: 1 },
];

/** Ledger (accounts, transfers, entries), recharge, gift records, exchanges, withdrawals, check-ins. */
export function wallet(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = new Date().toISOString();
      await withId(db.schema.createTable('accounts'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(24)', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('accounts_owner_kind', ['user_id', 'kind'])
        // The last line of defence: the guarded UPDATE already refuses to overdraw.
        .addCheckConstraint('accounts_not_negative', sql`balance >= 0 or allow_negative = 1`)
        .execute();

      await withId(db.schema.createTable('transfers'), dialect)
        .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('kind', 'varchar(24)', (c) => c.notNull())
        .addColumn('from_account', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('to_account', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('transfers_amount_positive', sql`amount > 0`)
        .addCheckConstraint('transfers_two_accounts', sql`from_account <> to_account`)
        .execute();
      await db.schema.createIndex('transfers_kind_time').on('transfers').columns(['kind', 'created_at']).execute();
      await db.schema.createIndex('transfers_from').on('transfers').column('from_account').execute();
      await db.schema.createIndex('transfers_to').on('transfers').column('to_account').execute();

      await withId(db.schema.createTable('entries'), dialect)
        .addColumn('transfer_id', 'integer', (c) => c.notNull().references('transfers.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(24)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('entries_user').on('entries').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('entries_account').on('entries').columns(['account_id', 'id']).execute();

      await withId(db.schema.createTable('recharge_packages'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('bonus', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('tag', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('recharge_orders'), dialect)
        .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('package_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('bonus', 'bigint', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('trade_no', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('paid_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('recharge_orders_user').on('recharge_orders').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('payment_callbacks'), dialect)
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('verdict', 'varchar(24)', (c) => c.notNull())
        .addColumn('detail', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_callbacks_order').on('payment_callbacks').columns(['order_no', 'id']).execute();

      await withId(db.schema.createTable('gift_records'), dialect)
        .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('gift_id', 'integer', (c) => c.notNull())
        .addColumn('gift_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('gift_icon', 'varchar(512)', (c) => c.notNull())
        .addColumn('gift_url', 'varchar(512)', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('earning', 'bigint', (c) => c.notNull())
        .addColumn('combo', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gift_records_sender').on('gift_records').columns(['sender_id', 'id']).execute();
      await db.schema.createIndex('gift_records_receiver').on('gift_records').columns(['receiver_id', 'id']).execute();
      await db.schema.createIndex('gift_records_receiver_time').on('gift_records').columns(['receiver_id', 'created_at']).execute();

      await withId(db.schema.createTable('exchanges'), dialect)
        .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('coin', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('rate_bp', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exchanges_user').on('exchanges').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('withdrawals'), dialect)
        .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('platform', 'varchar(16)', (c) => c.notNull())
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('payout_fen', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewer_id', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('reviewed_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();

      await withId(db.schema.createTable('check_ins'), dialect)
        .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('streak', 'integer', (c) => c.notNull())
        .addColumn('reward', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('check_ins_user_day', ['user_id', 'day'])
        .execute();

      const k = db as Kysely<Record<string, Record<string, unknown>>>;
      await k
        .insertInto('accounts')
        .values(PLATFORM_ACCOUNTS.map((a) => ({ user_id: 0, kind: a.kind, balance: 0, allow_negative: a.allow_negative, created_at: now })))
        .execute();
      await k
        .insertInto('recharge_packages')
        .values(
          PACKAGES.map((p, i) => ({
            name: p.name,
            price_fen: p.price_fen,
            amount: p.coins * C,
            bonus: p.bonus * C,
            tag: p.tag,
            sort: i + 1,
            enabled: 1,
            created_at: now,
          })),
        )
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of [
        'check_ins',
        'withdrawals',
        'exchanges',
        'gift_records',
        'payment_callbacks',
        'recharge_orders',
        'recharge_packages',
        'entries',
        'transfers',
        'accounts',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
