/**
 * Backups of one deployment: the database (SQLite's `VACUUM INTO`, or pg_dump of the app's and
 * the games host's schemas) and the uploaded files on local disk, in a folder named for the time
 * it was taken, with a manifest written last (a folder without one is an unfinished backup). An S3
 * bucket's files are not copied: the bucket's own versioning keeps them (README, "Running several
 * instances"). A restore goes only into an empty data folder or an empty schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../../config.js';
import { assertDumpable, dumpSchema, restoreSchema, tablesIn } from './pgTools.js';

export const MANIFEST = 'manifest.json';
const SQLITE_FILES = ['app.db', 'games.db'];

/** What a backup holds, written last into its folder. */
export interface BackupManifest {
  name: string;
  /** When the backup began (UTC): everything committed before then is in it. */
  startedAt: string;
  finishedAt: string;
  dialect: 'sqlite' | 'postgres';
  /** SQLite: database files; PostgreSQL: schema → dump file. */
  databases: Record<string, string>;
  /** Whether DATA_DIR/uploads is in it (`uploads/`); false on S3. */
  uploads: boolean;
}

const backupsDir = (config: Pick<Config, 'dataDir' | 'backup'>): string => config.backup.dir ?? path.join(config.dataDir, 'backups');
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** The schemas a PostgreSQL backup holds: the app's and the games host's. */
const schemasOf = (config: Config): string[] => [config.databaseSchema ?? 'public', config.games.databaseSchema];

/** Takes a backup into a new folder under `into` (BACKUP_DIR by default) while the server runs; answers its manifest. */
export async function takeBackup(config: Config, into = backupsDir(config)): Promise<BackupManifest & { dir: string }> {
  const started = new Date();
  const name = `backup-${stamp(started)}`;
  const dir = path.join(into, name);
  fs.mkdirSync(dir, { recursive: true });
  const databases: Record<string, string> = {};
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    await assertDumpable(url);
    for (const schema of schemasOf(config)) {
      if ((await tablesIn(url, schema)) === 0) continue;
      const file = `${schema}.pgdump`;
      await dumpSchema(url, schema, path.join(dir, file));
      databases[schema] = file;
    }
  } else {
    for (const file of SQLITE_FILES) {
      const from = path.join(config.dataDir, file);
      if (!fs.existsSync(from)) continue;
      // One read transaction (VACUUM INTO): a consistent copy while others write, WAL included. The
      // online backup API copied page by page and began again after each write by another
      // connection: under steady gifts it never finished (restoreDrill.test.ts). The copy holds this
      // thread for its length (about a second per 100 MB here); SQLite is the one-machine setup.
      const source = new SQLite(from, { readonly: true, fileMustExist: true });
      try {
        source.prepare('VACUUM INTO ?').run(path.join(dir, file));
      } finally {
        source.close();
      }
      databases[file] = file;
    }
  }
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const uploads = !config.s3 && fs.existsSync(uploadsDir);
  // After the database: every file a backed-up row names was written before it (files come before their rows).
  if (uploads) fs.cpSync(uploadsDir, path.join(dir, 'uploads'), { recursive: true });
  const manifest: BackupManifest = {
    name,
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    dialect: config.databaseUrl ? 'postgres' : 'sqlite',
    databases,
    uploads,
  };
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
  return { ...manifest, dir };
}

/** The finished backups in a folder, oldest first. */
export function listBackups(config: Pick<Config, 'dataDir' | 'backup'>, from = backupsDir(config)): BackupManifest[] {
  if (!fs.existsSync(from)) return [];
  return fs
    .readdirSync(from)
    .filter((d) => d.startsWith('backup-') && fs.existsSync(path.join(from, d, MANIFEST)))
    .sort()
    .map((d) => JSON.parse(fs.readFileSync(path.join(from, d, MANIFEST), 'utf8')) as BackupManifest);
}

/** Removes the oldest finished backups beyond `keep`; answers the names removed. */
export function pruneBackups(config: Pick<Config, 'dataDir' | 'backup'>, from = backupsDir(config)): string[] {
  const all = listBackups(config, from);
  const gone = all.slice(0, Math.max(0, all.length - config.backup.keep)).map((b) => b.name);
  for (const name of gone) fs.rmSync(path.join(from, name), { recursive: true, force: true });
  return gone;
}

/** Why a restore into this configuration's place is refused, or undefined when it may go ahead. */
async function restoreRefusal(config: Config, manifest: BackupManifest): Promise<string | undefined> {
  const here = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== here) return `the backup is of ${manifest.dialect} and this configuration uses ${here}`;
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    if (!(manifest.databases[config.databaseSchema ?? 'public'] ?? ''))
      return `the backup holds no schema "${config.databaseSchema ?? 'public'}" (DATABASE_SCHEMA)`;
    for (const schema of Object.keys(manifest.databases)) {
      if ((await tablesIn(url, schema)) > 0) return `schema "${schema}" is not empty: restore into an empty database or schema`;
    }
  } else {
    const taken = SQLITE_FILES.filter((f) => fs.existsSync(path.join(config.dataDir, f)));
    if (taken.length > 0) return `DATA_DIR ${config.dataDir} already holds ${taken.join(', ')}: restore into an empty data folder`;
  }
  if (manifest.uploads && fs.existsSync(path.join(config.dataDir, 'uploads')) && fs.readdirSync(path.join(config.dataDir, 'uploads')).length > 0)
    return `DATA_DIR ${config.dataDir} already holds uploads: restore into an empty data folder`;
  return undefined;
}

/** A restore refused (the place is not empty, or the backup is of another database): nothing was changed. */
export class RestoreRefused extends Error {}

/** Restores the backup in folder `from` into this configuration's empty data folder or database. */
export async function restoreBackup(config: Config, from: string): Promise<BackupManifest> {
  const file = path.join(from, MANIFEST);
  if (!fs.existsSync(file)) throw new RestoreRefused(`${from} is not a finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  const refusal = await restoreRefusal(config, manifest);
  if (refusal) throw new RestoreRefused(`restore refused: ${refusal}`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (config.databaseUrl) {
    for (const [schema, dump] of Object.entries(manifest.databases)) await restoreSchema(config.databaseUrl, schema, path.join(from, dump));
  } else {
    for (const f of Object.values(manifest.databases)) fs.copyFileSync(path.join(from, f), path.join(config.dataDir, f));
  }
  if (manifest.uploads) fs.cpSync(path.join(from, 'uploads'), path.join(config.dataDir, 'uploads'), { recursive: true });
  return manifest;
}
