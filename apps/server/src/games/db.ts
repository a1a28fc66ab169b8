import { Migrator, sql, type Generated, type RawBuilder, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import { withId } from '../db/columns.js';
import { openDb, type Dialect } from '../db/database.js';
import { textColumns } from '../db/migrations/0013_text_columns.js';

/**
 * The games host's own tables, in its own database (SQLite DATA_DIR/games.db, or its own
 * PostgreSQL schema): a wallet per user, the ops that mirror every wallet movement on the main
 * ledger, game sessions and rounds.
 */
export interface GameWalletsTable {
  user_id: number;
  /** × 10000; moved by guarded single statements only, never below zero. */
  balance: number;
  updated_at: string;
}

/**
 * One movement between the game wallet and the main ledger. Debits (`out`, `entry`) leave the
 * wallet when the op is written; credits (`in`, `reward`) arrive when the main server confirms.
 * `pending` until the main server answered; a refused debit is given back (`failed`). A debit the
 * game wallet could not pay is written `failed` at once, a transfer out of an empty wallet `done`
 * with amount 0: either way its key keeps that answer.
 */
export interface GameOpsTable {
  id: string;
  idem_key: string;
  user_id: number;
  kind: 'in' | 'out' | 'entry' | 'reward';
  amount: number;
  game: string;
  state: 'pending' | 'done' | 'failed';
  error: string;
  created_at: string;
  settled_at: string | null;
}

export interface GameSessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  game: string;
  /** The game's rules as the main server answered them at login (JSON). */
  rules: string;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
}

export interface GameRoundsTable {
  id: Generated<number>;
  idem_key: string;
  session_id: number;
  user_id: number;
  game: string;
  seed: number;
  entry: number;
  state: 'open' | 'scored' | 'refused';
  score: number;
  reward: number;
  /** China-time day of the reward (the daily cap). */
  day: string;
  started_at: string;
  ended_at: string | null;
}

export interface GamesDatabase {
  game_wallets: GameWalletsTable;
  game_ops: GameOpsTable;
  game_sessions: GameSessionsTable;
  game_rounds: GameRoundsTable;
}

export type GamesConn = Kysely<GamesDatabase> | Transaction<GamesDatabase>;
export type GameOpRow = Selectable<GameOpsTable>;
export type GameSessionRow = Selectable<GameSessionsTable>;
export type GameRoundRow = Selectable<GameRoundsTable>;

export interface GamesDb {
  kysely: Kysely<GamesDatabase>;
  dialect: Dialect;
  close(): Promise<void>;
}

function createOps(db: Kysely<unknown>, name: string, check: string, expr: RawBuilder<unknown>) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('game', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('settled_at', 'varchar(32)')
    .addCheckConstraint(check, expr)
    .execute();
}

async function indexOps(db: Kysely<unknown>) {
  await db.schema.createIndex('game_ops_state').on('game_ops').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('game_ops_user').on('game_ops').columns(['user_id', 'created_at']).execute();
}

/**
 * A transfer out that found the wallet empty is an op too (amount 0, done at once), so its
 * request_id stays bound to "moved 0" forever. SQLite cannot change a check constraint: the table
 * is copied into one with the new check.
 */
function zeroOps(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table game_ops drop constraint game_ops_amount_positive`.execute(db);
        await sql`alter table game_ops add constraint game_ops_amount_not_negative check (amount >= 0)`.execute(db);
        return;
      }
      await createOps(db, 'game_ops_next', 'game_ops_amount_not_negative', sql`amount >= 0`);
      await sql`insert into game_ops_next select * from game_ops`.execute(db);
      await db.schema.dropTable('game_ops').execute();
      await sql`alter table game_ops_next rename to game_ops`.execute(db);
      await indexOps(db);
    },
  };
}

function initial(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('game_wallets')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addCheckConstraint('game_wallets_not_negative', sql`balance >= 0`)
        .execute();
      await createOps(db, 'game_ops', 'game_ops_amount_positive', sql`amount > 0`);
      await indexOps(db);
      await withId(db.schema.createTable('game_sessions'), dialect)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('game', 'varchar(16)', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('closed_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('game_sessions_user').on('game_sessions').columns(['user_id', 'id']).execute();
      await withId(db.schema.createTable('game_rounds'), dialect)
        .addColumn('idem_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('session_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('game', 'varchar(16)', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('entry', 'bigint', (c) => c.notNull())
        .addColumn('state', 'varchar(8)', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reward', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('ended_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('game_rounds_user_day').on('game_rounds').columns(['user_id', 'day']).execute();
    },
  };
}

/** Opens and migrates the games host's database. */
export async function openGamesDb(opts: { dataDir: string; databaseUrl?: string | undefined; schema: string }): Promise<GamesDb> {
  const db = openDb({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, databaseSchema: opts.databaseUrl ? opts.schema : undefined, file: 'games.db' });
  const kysely = db.kysely as unknown as Kysely<GamesDatabase>;
  try {
    if (db.schema) await sql`create schema if not exists ${sql.id(db.schema)}`.execute(kysely);
    const migrator = new Migrator({
      db: kysely,
      provider: {
        getMigrations: async () => ({
          '0001_games_host': initial(db.dialect),
          '0002_zero_ops': zeroOps(db.dialect),
          '0003_text_columns': textColumns(db.dialect),
        }),
      },
      // As the main server's: migrations built side by side may land out of name order; each is independent.
      allowUnorderedMigrations: true,
      ...(db.schema ? { migrationTableSchema: db.schema } : {}),
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  } catch (err) {
    await db.close();
    throw err;
  }
  return { kysely, dialect: db.dialect, close: () => db.close() };
}
