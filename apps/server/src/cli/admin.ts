import { loadConfig } from '../config.js';
import { openDb } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { BizError } from '../http/errors.js';
import { reviewByMobile } from '../modules/anchor/anchor.service.js';
import { ledgerCheck, reviewWithdrawal } from '../modules/finance/finance.cli.js';
import { recordAudit } from '../modules/admin/audit.service.js';
import { backupCommand } from './backupCommand.js';
import { addNotice, addOperator, changeOperator } from './commands.js';
import { pushKeysCommand } from './pushKeysCommand.js';

const USAGE = `usage:
  npm run admin -- operator add <mobile> [role]      make a registered user an operator, or change their role:
                                                     owner (the default), finance, moderator or support
  npm run admin -- operator remove <mobile>          make an operator a member again
  npm run admin -- operator 2fa-reset <mobile>       remove an operator's authenticator app and recovery codes
  npm run admin -- notice <mobile> <title> <content> send a system notice to a user
  npm run admin -- anchor approve <mobile>           approve a user's anchor application
  npm run admin -- anchor reject <mobile> <reason>   reject it (or revoke an anchor), with the reason they see
  npm run admin -- withdraw approve <id>            pay out a pending withdrawal (frozen → paid, fee to revenue)
  npm run admin -- withdraw reject <id> <reason>    return it to the user's gift earnings, with the reason they see
  npm run admin -- ledger check                     check every invariant of the wallet ledger
  npm run admin -- backup [folder]                  back up the database and local uploads while the server runs (to BACKUP_DIR)
  npm run admin -- restore <backup folder>          restore a backup into an empty DATA_DIR or database
  npm run admin -- push-keys                        print a new VAPID key pair for Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)
Opens the same database as the server (DATA_DIR / DATABASE_URL).`;

/** Operator command line; works on the database the server uses. */
async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  // Asking for the usage is not an error: it goes to stdout and exits 0, before any database is opened.
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    console.log(USAGE);
    return 0;
  }
  // Needs no database or settings: it only makes keys.
  if (cmd === 'push-keys') return pushKeysCommand();
  const config = loadConfig(process.env);
  // Backup and restore open the database their own way (a restore needs it empty: nothing is migrated first).
  if (cmd === 'backup' || cmd === 'restore') return backupCommand(config, cmd, rest);
  const db = openDb(config);
  // Every operator action is audited, from the console or from here (operator: none, ip: cli).
  const audit = (action: string, target: string, detail: Record<string, unknown>) =>
    recordAudit(db.kysely, { operatorId: null, action: `cli:${action}`, target, detail, ip: 'cli' });
  try {
    await migrateToLatest(db);
    if (cmd === 'operator' && rest[0] === 'add' && rest[1]) {
      const u = await addOperator(db, rest[1], rest[2]);
      await audit('operator add', `user:${u.id}`, { mobile: rest[1], role: u.role });
      console.log(`${rest[1]} (${u.nickname}, id ${u.id}) is now an operator: ${u.role}`);
      return 0;
    }
    if (cmd === 'operator' && (rest[0] === 'remove' || rest[0] === '2fa-reset') && rest[1]) {
      const u = await changeOperator(db, rest[1], rest[0]);
      await audit(`operator ${rest[0]}`, `user:${u.id}`, { mobile: rest[1] });
      console.log(
        rest[0] === 'remove'
          ? `${rest[1]} (${u.nickname}, id ${u.id}) is a member again`
          : `${rest[1]} (${u.nickname}, id ${u.id}): authenticator and recovery codes removed; they enrol again at their next console sign-in`,
      );
      return 0;
    }
    if (cmd === 'notice' && rest.length >= 3) {
      const [mobile, title, ...content] = rest as [string, string, ...string[]];
      const n = await addNotice(db, mobile, title, content.join(' '));
      await audit('notice', `notice:${n.id}`, { mobile, title });
      console.log(`notice ${n.id} sent to ${mobile}`);
      return 0;
    }
    if (cmd === 'anchor' && (rest[0] === 'approve' || rest[0] === 'reject') && rest[1]) {
      const reason = rest.slice(2).join(' ').trim();
      if (rest[0] === 'reject' && !reason) {
        console.error('a rejection needs a reason: npm run admin -- anchor reject <mobile> <reason>');
        return 2;
      }
      const r = await reviewByMobile(db.kysely, rest[1], rest[0] === 'approve' ? 'approved' : 'rejected', reason || null);
      await audit(`anchor ${rest[0]}`, `user:${r.userId}`, { mobile: rest[1], reason });
      console.log(`${rest[1]} (${r.nickname}, id ${r.userId}): anchor application ${r.status}`);
      return 0;
    }
    if (cmd === 'withdraw' && (rest[0] === 'approve' || rest[0] === 'reject') && /^\d+$/.test(rest[1] ?? '')) {
      const reason = rest.slice(2).join(' ').trim();
      if (rest[0] === 'reject' && !reason) {
        console.error('a rejection needs a reason: npm run admin -- withdraw reject <id> <reason>');
        return 2;
      }
      const w = await reviewWithdrawal(db, config.finance, Number(rest[1]), rest[0] === 'approve' ? 'approved' : 'rejected', reason);
      await audit(`withdraw ${rest[0]}`, `withdrawal:${w.id}`, { reason });
      console.log(
        `withdrawal ${w.id} (${w.order_no}, ${w.user.nickname}): ${w.status}, ${w.amount / 10000} coins, payout ${(w.payout_fen / 100).toFixed(2)} 元 to ${w.platform} ${w.account}`,
      );
      return 0;
    }
    if (cmd === 'ledger' && rest[0] === 'check') {
      const { sound, check } = await ledgerCheck(db);
      console.log(sound ? 'ledger sound: balances sum to 0, none negative, every balance equals its transfers' : JSON.stringify(check, null, 2));
      return sound ? 0 : 1;
    }
    console.error(USAGE);
    return 2;
  } catch (err) {
    console.error(err instanceof BizError ? err.message : err);
    return 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
