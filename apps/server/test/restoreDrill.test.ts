/**
 * The restore drill: a backup taken while gifts and recharges are being sent, restored into a fresh
 * data folder (SQLite) or a fresh database (PostgreSQL, under `npm run test:scale`), and a server
 * started on it: the ledger's invariants hold, and every operation acknowledged before the backup
 * began is in it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { api } from '@app/contract';
import { backupCommand } from '../src/cli/backupCommand.js';
import { listBackups, MANIFEST, restoreBackup, RestoreRefused, takeBackup } from '../src/modules/backup/backup.js';
import { eventually } from '@app/testkit';
import { withClient } from '../src/modules/backup/pgTools.js';
import { opKey } from '../src/modules/finance/idempotency.js';
import { expectSound, giftId, quickMember, rechargeHttp, rid } from './financeHelpers.js';
import { parseExposition, valueOf } from './helpers/metricsText.js';
import { startS3Sandbox, startTestServerOnS3, type S3Sandbox } from './helpers/s3rver.js';
import { freePort } from './helpers/spawnServer.js';
import { pgUrl, startTestServer, type TestServer } from './helpers/testServer.js';

const dirs: string[] = [];
const tmp = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  dirs.push(d);
  return d;
};
let freshDb: string | undefined;
const servers: TestServer[] = [];
let s3: S3Sandbox | undefined;

afterAll(async () => {
  for (const s of servers) await s.close();
  await s3?.close();
  const url = pgUrl();
  if (url && freshDb) await withClient(url, (c) => c.query(`drop database if exists "${freshDb}" with (force)`));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A fresh place to restore into: an empty data folder, and on PostgreSQL an empty database. */
async function freshPlace(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const url = pgUrl();
  if (!url) return { dataDir: tmp('restored'), databaseUrl: undefined };
  freshDb = `restore_${randomBytes(5).toString('hex')}`;
  await withClient(url, (c) => c.query(`create database "${freshDb}"`));
  const fresh = new URL(url);
  fresh.pathname = `/${freshDb}`;
  return { dataDir: tmp('restored'), databaseUrl: fresh.toString() };
}

describe('restore drill', () => {
  it('restores a backup taken under traffic into a fresh place, sound and with every operation acknowledged before it', async () => {
    const s = await startTestServer();
    servers.push(s);
    const fan = await quickMember(s);
    const anchor = await quickMember(s);
    const rose = await giftId(s, '玫瑰');
    await rechargeHttp(s, fan.token);

    // Gifts and recharges, one after another, each noted once acknowledged, until told to stop.
    const acked: string[] = [];
    let stop = false;
    let wake: (() => void) | undefined;
    const untilAcked = (n: number) =>
      new Promise<void>((resolve) => {
        wake = () => acked.length >= n && resolve();
        wake();
      });
    const traffic = (async () => {
      for (let i = 0; !stop; i++) {
        if (i % 4 === 3) acked.push(`recharge:${await rechargeHttp(s, fan.token)}`);
        else {
          const requestId = rid();
          const sent = await s.api.call(
            api.giftSend,
            { request_id: requestId, room_id: 0, gift_id: rose.id, count: 1, receiver_id: anchor.id },
            { token: fan.token },
          );
          expect(sent.code, sent.msg).toBe(200);
          acked.push(opKey('gift', fan.id, requestId));
        }
        wake?.();
      }
    })();

    let before: string[];
    let backup: Awaited<ReturnType<typeof takeBackup>>;
    try {
      await untilAcked(8);
      before = acked.slice();
      backup = await takeBackup(s.config, tmp('backups'));
      // The traffic went on while the backup was taken, and after it.
      await untilAcked(acked.length + 4);
    } finally {
      stop = true;
      await traffic;
    }
    expect(Object.keys(backup.databases)).toEqual([s.config.databaseUrl ? (s.config.databaseSchema ?? 'public') : 'app.db']);

    const place = await freshPlace();
    const target = { ...s.config, dataDir: place.dataDir, databaseUrl: place.databaseUrl ?? undefined };
    await restoreBackup(target, backup.dir);
    // A second restore into the same place is refused: it is not empty any more.
    await expect(restoreBackup(target, backup.dir)).rejects.toBeInstanceOf(RestoreRefused);

    const restored = await startTestServer({ config: { dataDir: place.dataDir, databaseUrl: place.databaseUrl, databaseSchema: s.config.databaseSchema } });
    servers.push(restored);
    await expectSound(restored.deps.db);
    const ledger = restored.services.finance.ledger;
    const missing: string[] = [];
    for (const key of before) if (!(await ledger.transferByKey(key))) missing.push(key);
    expect(missing).toEqual([]);
    // The restored server serves: the fan's session and balance came with it.
    const info = await restored.api.call(api.userInfo, undefined, { token: fan.token });
    expect(info.code, info.msg).toBe(200);
  }, 60_000);

  it("backs up on the worker's schedule, keeping BACKUP_KEEP, and says when in its metrics", async () => {
    const dir = tmp('scheduled');
    // An older finished backup, and an unfinished one (no manifest) that retention leaves alone.
    const old = {
      name: 'backup-20200101T000000Z',
      startedAt: '2020-01-01T00:00:00.000Z',
      finishedAt: '2020-01-01T00:00:01.000Z',
      dialect: 'sqlite',
      databases: {},
      uploads: false,
    };
    fs.mkdirSync(path.join(dir, old.name));
    fs.writeFileSync(path.join(dir, old.name, MANIFEST), JSON.stringify(old));
    const port = await freePort();
    const s = await startTestServer({ env: { BACKUP_INTERVAL_MIN: '60', BACKUP_DIR: dir, BACKUP_KEEP: '1', METRICS_PORT: String(port) } });
    servers.push(s);
    const [taken] = await eventually(
      () => {
        const all = listBackups(s.config);
        return all.length === 1 && all[0]!.name !== old.name && all;
      },
      { timeout: 20_000, what: 'the scheduled backup, and the old one removed' },
    );
    expect(fs.existsSync(path.join(dir, old.name))).toBe(false);
    const samples = parseExposition(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
    expect(valueOf(samples, 'liveapp_backup_period_seconds')).toBe(3600);
    expect(valueOf(samples, 'liveapp_backup_last_success_timestamp_seconds')).toBe(Date.parse(taken!.startedAt) / 1000);
  });

  it('sends scheduled backups to the bucket, under the private prefix, with its index', async () => {
    s3 = await startS3Sandbox();
    const s = await startTestServerOnS3(s3, { BACKUP_INTERVAL_MIN: '60', BACKUP_TO: 's3' });
    servers.push(s);
    const index = await eventually(
      async () => {
        const raw = await s.deps.storage.read('private/backups/index.json');
        return raw && (JSON.parse(raw.toString('utf8')) as { name: string; files: string[] }[]);
      },
      { timeout: 20_000, what: 'the backup in the bucket' },
    );
    expect(index).toHaveLength(1);
    const { name, files } = index[0]!;
    expect(files).toContain(MANIFEST);
    for (const f of files) expect(await s.deps.storage.read(`private/backups/${name}/${f}`), f).not.toBeNull();
  });

  it.skipIf(pgUrl())('backs up and restores with the admin commands, and refuses a place that is not empty', async () => {
    const s = await startTestServer();
    servers.push(s);
    const into = tmp('cli-backups');
    const config = { ...s.config, backup: { ...s.config.backup, dir: into } };
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const refusal = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await backupCommand(config, 'backup', [])).toBe(0);
      const [backup] = listBackups(config);
      const empty = { ...config, dataDir: tmp('cli-restored') };
      expect(await backupCommand(empty, 'restore', [path.join(into, backup!.name)])).toBe(0);
      expect(fs.existsSync(path.join(empty.dataDir, 'app.db'))).toBe(true);
      expect(await backupCommand(empty, 'restore', [path.join(into, backup!.name)])).toBe(1);
      expect(refusal).toHaveBeenLastCalledWith(expect.stringMatching(/^restore refused: DATA_DIR .* already holds app\.db/));
      expect(await backupCommand(empty, 'restore', [])).toBe(2);
    } finally {
      quiet.mockRestore();
      refusal.mockRestore();
    }
  });
});
