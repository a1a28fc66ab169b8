import type { Config } from '../config.js';
import { pruneBackups, restoreBackup, RestoreRefused, takeBackup } from '../modules/backup/backup.js';

/** `npm run admin -- backup [folder]` and `restore <folder>`: answers the exit code. */
export async function backupCommand(config: Config, cmd: 'backup' | 'restore', args: string[]): Promise<number> {
  try {
    if (cmd === 'backup') {
      const b = await takeBackup(config, args[0]);
      // Retention applies to BACKUP_DIR, not to a folder named on the command line.
      if (args[0] === undefined) pruneBackups(config);
      console.log(
        `backup ${b.name} in ${b.dir} (${Object.keys(b.databases).join(', ')}${b.uploads ? ', uploads' : ''}); everything committed before ${b.startedAt} is in it`,
      );
      return 0;
    }
    if (!args[0]) {
      console.error('restore needs the backup folder: npm run admin -- restore <folder>');
      return 2;
    }
    const m = await restoreBackup(config, args[0]);
    console.log(`restored ${m.name} (taken ${m.startedAt}) into ${config.databaseUrl ? `schema ${Object.keys(m.databases).join(', ')}` : config.dataDir}`);
    return 0;
  } catch (err) {
    console.error(err instanceof RestoreRefused ? err.message : `${cmd} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
