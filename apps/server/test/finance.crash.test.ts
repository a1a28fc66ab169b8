import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type Session } from '@app/contract';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { openDb } from '../src/db/database.js';
import { checkLedger } from '../src/modules/finance/ledger/invariants.js';
import { SandboxProvider } from '../src/modules/finance/recharge/paymentProvider.js';
import { ApiClient, freshMobile } from './helpers/apiClient.js';
import { dropSchema, newSchemaName, pgUrl } from './helpers/testServer.js';
import { rid } from './financeHelpers.js';

const SECRET = 'crash-test-secret';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-crash-'));
const schema = pgUrl() ? newSchemaName() : undefined;
const children: ChildProcess[] = [];

/** Signals the server's whole process group (tsx and the node process it runs). */
const signal = (c: ChildProcess, sig: NodeJS.Signals) => {
  try {
    process.kill(-c.pid!, sig);
  } catch {
    /* already gone */
  }
};
const exited = (c: ChildProcess) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r)));

afterAll(async () => {
  for (const c of children) signal(c, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** `tsx apps/server/src/main.ts` on the shared data dir (or PostgreSQL schema); resolves once it answers. */
async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DEMO_PUBLISHER: 'off',
      PAY_SANDBOX_SECRET: SECRET,
      DATABASE_URL: pgUrl() ?? '',
      DATABASE_SCHEMA: schema ?? '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: tsx runs the server in a child process, and SIGKILL must reach both.
    detached: true,
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (const end = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('crash safety', () => {
  it('a server killed with SIGKILL in the middle of a gift storm restarts with every invariant intact', async () => {
    const cfg = loadConfig({});
    const first = await startServer();
    const client = new ApiClient(first.url, cfg);
    const sandbox = new SandboxProvider(SECRET, 600, '');
    const senders: Session[] = [];
    for (let i = 0; i < 3; i++) senders.push(await client.register(freshMobile()));
    const receivers = [await client.register(freshMobile()), await client.register(freshMobile())];
    for (const u of senders) {
      const order = await client.call(api.rechargeOrder, { request_id: rid(), package_id: 6 }, { token: u.token });
      const paid = await client.call(api.sandboxPayCallback, { ...sandbox.signed({ order_no: order.data.order_no, trade_no: 'T', amount_fen: order.data.price_fen, status: 'paid' }) });
      expect(paid.code).toBe(200);
    }
    const gifts = (await client.call(api.commonConfig)).data.gift;

    // The storm: every sender keeps 6 sends in flight; receivers collect now and then. Killed after 120 acknowledged sends.
    const acked: number[] = [];
    let killed = false;
    const kill = () => {
      if (!killed) {
        killed = true;
        signal(first.child, 'SIGKILL');
      }
    };
    const lane = async (i: number) => {
      for (let n = 0; !killed; n++) {
        const from = senders[i % senders.length]!;
        const to = receivers[n % receivers.length]!;
        try {
          if (n % 9 === 0) await client.call(api.receiveGiftMoney, { request_id: rid() }, { token: to.token });
          const r = await client.call(api.giftSend, { request_id: rid(), gift_id: gifts[n % 3]!.gift_id, count: 1 + (n % 3), receiver_id: to.user.id }, { token: from.token });
          if (r.code === 200) acked.push(r.data.record.id);
          if (acked.length >= 120) kill();
        } catch {
          return; // the connection died with the server
        }
      }
    };
    await Promise.all(Array.from({ length: 18 }, (_, i) => lane(i)));
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    // Nothing of the first server is left answering.
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();
    expect(acked.length).toBeGreaterThanOrEqual(120);

    // Restart on the same data: it migrates, starts, and the books balance.
    const second = await startServer();
    const db = openDb({ dataDir, databaseUrl: pgUrl(), databaseSchema: schema });
    try {
      expect(await checkLedger(db.kysely)).toEqual({ sum: 0, negative: [], drifted: [], unbalanced: 0 });
      // Every acknowledged send survived the crash.
      const kept = await db.kysely.selectFrom('gift_records').select('id').where('id', 'in', acked).execute();
      expect(kept.length).toBe(acked.length);
      // Each record has its transfers, each transfer its entries (checked above), nothing half-written.
      const orphans = await db.kysely
        .selectFrom('gift_records as g')
        .leftJoin('transfers as t', 't.idem_key', 'g.idem_key')
        .select('g.id')
        .where('t.id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
    } finally {
      await db.close();
    }
    // And it keeps working.
    const client2 = new ApiClient(second.url, cfg);
    const after = await client2.call(api.giftSend, { request_id: rid(), gift_id: gifts[0]!.gift_id, count: 1, receiver_id: receivers[0]!.user.id }, { token: senders[0]!.token });
    expect(after.code, after.msg).toBe(200);
    signal(second.child, 'SIGTERM');
    await exited(second.child);
  }, 120_000);
});
