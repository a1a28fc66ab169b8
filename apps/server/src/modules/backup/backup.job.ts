/**
 * The worker's backup schedule (BACKUP_INTERVAL_MIN): a backup when the last one is older than the
 * interval (checked each minute, so a new leader takes the schedule over where the old one left it),
 * to BACKUP_DIR or to the S3 bucket under `private/backups/` (never served: decision 0181's prefix),
 * keeping BACKUP_KEEP of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../deps.js';
import type { Job } from '../../worker.js';
import { PRIVATE_PREFIX } from '../live/hlsLinks.js';
import { listBackups, pruneBackups, takeBackup, type BackupManifest } from './backup.js';

const S3_PREFIX = `${PRIVATE_PREFIX}backups/`;
const S3_INDEX = `${S3_PREFIX}index.json`;
const CHECK_MS = 60_000;

/** The backups in the bucket, oldest first (its index: the store lists nothing). */
async function s3Index(deps: Deps): Promise<BackupManifest[]> {
  const raw = await deps.storage.read(S3_INDEX);
  return raw ? (JSON.parse(raw.toString('utf8')) as BackupManifest[]) : [];
}

const filesUnder = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile());

/** Copies a finished local backup into the bucket (the manifest last), drops the oldest beyond BACKUP_KEEP there, and the local copy. */
async function toS3(deps: Deps, b: BackupManifest & { dir: string }): Promise<void> {
  const files = filesUnder(b.dir).sort((x, y) => Number(x === 'manifest.json') - Number(y === 'manifest.json'));
  for (const f of files) await deps.storage.put(`${S3_PREFIX}${b.name}/${f}`, fs.readFileSync(path.join(b.dir, f)), 'application/octet-stream');
  const index = [...(await s3Index(deps)), { ...b, files } as BackupManifest & { files: string[] }];
  const keep = deps.config.backup.keep;
  const gone = index.slice(0, Math.max(0, index.length - keep)) as (BackupManifest & { files?: string[] })[];
  await deps.storage.put(S3_INDEX, Buffer.from(JSON.stringify(index.slice(gone.length))), 'application/json', { cacheControl: 'no-store' });
  for (const old of gone) for (const f of old.files ?? []) await deps.storage.delete(`${S3_PREFIX}${old.name}/${f}`);
  fs.rmSync(b.dir, { recursive: true, force: true });
}

/** When the newest finished backup began (ms), or undefined when there is none. */
export async function lastBackupAt(deps: Deps): Promise<number | undefined> {
  const all = deps.config.backup.to === 's3' ? await s3Index(deps) : listBackups(deps.config);
  const newest = all.at(-1);
  return newest ? Date.parse(newest.startedAt) : undefined;
}

/** Takes a backup now, where the settings say, and applies the retention. */
async function scheduledBackup(deps: Deps): Promise<BackupManifest> {
  const b = await takeBackup(deps.config);
  if (deps.config.backup.to === 's3') await toS3(deps, b);
  else pruneBackups(deps.config);
  deps.log.info({ backup: b.name, databases: Object.keys(b.databases), uploads: b.uploads }, 'backup taken');
  return b;
}

export function backupJob(deps: Deps): Job {
  const periodMs = deps.config.backup.intervalMin * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const check = async () => {
    const last = await lastBackupAt(deps);
    if (last !== undefined && Date.now() - last < periodMs) return;
    await scheduledBackup(deps);
  };
  const tick = () => {
    running ??= check()
      .catch((err: unknown) => deps.log.error({ err }, 'backup failed'))
      .finally(() => (running = undefined));
  };
  return {
    name: 'backups (BACKUP_INTERVAL_MIN)',
    start: () => {
      tick();
      timer = setInterval(tick, Math.min(CHECK_MS, periodMs));
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
