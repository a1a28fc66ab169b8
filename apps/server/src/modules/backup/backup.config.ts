/** Backup settings (BACKUP_*): the worker's schedule, where backups go and how many are kept. */
import path from 'node:path';
import { int, oneOf, optionalText, section } from '../../config/setting.js';

export interface BackupConfig {
  /** Minutes between the worker's backups; 0: no schedule (`npm run admin -- backup` still works). */
  intervalMin: number;
  /** Where scheduled backups go: a folder, or the S3 bucket (under `backups/`) with a local copy in the folder meanwhile. */
  to: 'dir' | 's3';
  /** The backup folder; DATA_DIR/backups when unset. */
  dir: string | undefined;
  /** Backups kept; older ones are removed after each new one. */
  keep: number;
}

export const backupSettings = section(
  {
    BACKUP_INTERVAL_MIN: int(0, 'Minutes between the backups the worker role takes (database and local uploads); 0: none scheduled', {
      max: 7 * 24 * 60,
      shown: '0 (off)',
    }),
    BACKUP_TO: oneOf(['dir', 's3'], 'dir', 'Where scheduled backups go: `dir` (BACKUP_DIR) or `s3` (the S3 bucket, under `backups/`)'),
    BACKUP_DIR: optionalText('(unset: DATA_DIR/backups)', 'Folder of the backups (and of a backup on its way to S3)'),
    BACKUP_KEEP: int(7, 'Backups kept; the oldest beyond this count are removed after each new one', { min: 1, max: 1000 }),
  },
  (v): BackupConfig => ({
    intervalMin: v.BACKUP_INTERVAL_MIN,
    to: v.BACKUP_TO,
    dir: v.BACKUP_DIR ? path.resolve(v.BACKUP_DIR) : undefined,
    keep: v.BACKUP_KEEP,
  }),
);
