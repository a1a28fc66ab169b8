import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type Session } from '@app/contract';
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/database.js';
import { checkLedger } from '../src/modules/finance/ledger/invariants.js';
import { SandboxProvider } from '../src/modules/finance/recharge/sandboxProvider.js';
import { freshMobile } from '@app/testkit';
import { ApiClient } from './helpers/apiClient.js';
import { exited, killAll, signal, spawnServer } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl } from './helpers/testServer.js';
import { rid } from './financeHelpers.js';

const SECRET = 'crash-test-secret';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-crash-'));
const schema = pgUrl() ? newSchemaName() : undefined;
afterAll(async () => {
  killAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
});

const startServer = () => spawnServer({ dataDir, schema, env: { PAY_SANDBOX_SECRET: SECRET } });

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
      const paid = await client.call(api.sandboxPayCallback, {
        ...sandbox.signed({ order_no: order.data.order_no, trade_no: 'T', amount_fen: order.data.price_fen, status: 'paid' }),
      });
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
          const r = await client.call(
            api.giftSend,
            { request_id: rid(), gift_id: gifts[n % 3]!.gift_id, count: 1 + (n % 3), receiver_id: to.user.id },
            { token: from.token },
          );
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
    const after = await client2.call(
      api.giftSend,
      { request_id: rid(), gift_id: gifts[0]!.gift_id, count: 1, receiver_id: receivers[0]!.user.id },
      { token: senders[0]!.token },
    );
    expect(after.code, after.msg).toBe(200);
    signal(second.child, 'SIGTERM');
    await exited(second.child);
  }, 120_000);
});
