/**
 * An instance killed (SIGKILL) in the middle of an envelope's opening rush: after the restart the
 * books balance, every share is paid once or not at all (its claim and its transfer together), the
 * escrow holds exactly the shares nobody has, and the rest can be grabbed on the next instance,
 * the shares summing to the amount exactly. SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type Session } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { addOperator } from '../src/cli/commands.js';
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/database.js';
import { checkLedger } from '../src/modules/finance/ledger/invariants.js';
import { SandboxProvider } from '../src/modules/finance/recharge/sandboxProvider.js';
import { ApiClient } from './helpers/apiClient.js';
import { exited, killAll, signal, spawnServer } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl } from './helpers/testServer.js';
import { rid } from './financeHelpers.js';
import { applyBody, closeSockets, connectRoom, join } from './roomHarness.js';

const SECRET = 'envelope-crash-secret';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-envcrash-'));
const schema = pgUrl() ? newSchemaName() : undefined;
afterAll(async () => {
  closeSockets();
  killAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
});

const startServer = () =>
  spawnServer({
    dataDir,
    schema,
    env: { PAY_SANDBOX_SECRET: SECRET, ROOM_GRACE_MS: '600000', SMS_IP_PER_HOUR: '1000', AUTH_RATE_PER_MINUTE: '10000', ENVELOPE_GRABS_PER_10S: '100' },
  });
const SHARES = 40;
const AMOUNT = 300 * 10_000;

describe('red envelopes after a crash', () => {
  it('a server killed mid-opening loses no coin and pays no share twice; the rest is grabbed after the restart', async () => {
    const cfg = loadConfig({});
    const first = await startServer();
    const client = new ApiClient(first.url, cfg);
    const opMobile = freshMobile();
    await client.register(opMobile);
    const db0 = openDb({ dataDir, databaseUrl: pgUrl(), databaseSchema: schema });
    try {
      await addOperator(db0, opMobile);
    } finally {
      await db0.close();
    }
    const op = (await client.login(opMobile, 'abc12345')).data as Session;
    const owner = await client.register(freshMobile());
    expect((await client.call(api.anchorApply, applyBody(freshMobile()), { token: owner.token })).code).toBe(200);
    expect((await client.call(api.adminAnchorApprove, { user_id: owner.user.id }, { token: op.token })).code).toBe(200);
    const category = (await client.call(api.roomCategories)).data.list[0]!.id;
    const room = (await client.call(api.roomOpen, { title: '红包雨', category_id: category }, { token: owner.token })).data;

    const sender = await client.register(freshMobile());
    const order = await client.call(api.rechargeOrder, { request_id: rid(), package_id: 6 }, { token: sender.token });
    const sandbox = new SandboxProvider(SECRET, 600, '');
    const paid = await client.call(api.sandboxPayCallback, {
      ...sandbox.signed({ order_no: order.data.order_no, trade_no: 'T', amount_fen: order.data.price_fen, status: 'paid' }),
    });
    expect(paid.code).toBe(200);
    const members: Session[] = [];
    for (let i = 0; i < SHARES; i += 10) members.push(...(await Promise.all(Array.from({ length: 10 }, () => client.register(freshMobile())))));
    for (const who of [sender, ...members]) await join(await connectRoom(first, who), room.id);

    const sent = await client.call(
      api.envelopeSend,
      { request_id: rid(), room_id: room.id, amount: AMOUNT, shares: SHARES, countdown_s: 0 },
      { token: sender.token },
    );
    expect(sent.code, sent.msg).toBe(200);
    const envelopeId = sent.data.envelope.id;

    // The rush: every member grabs at once; the server is killed after 10 acknowledged grabs.
    const acked = new Map<number, number>();
    let killed = false;
    await Promise.all(
      members.map(async (m) => {
        try {
          const r = await client.call(api.envelopeGrab, { envelope_id: envelopeId }, { token: m.token });
          if (r.code === 200) acked.set(m.user.id, r.data.amount);
          if (acked.size >= 10 && !killed) {
            killed = true;
            signal(first.child, 'SIGKILL');
          }
        } catch {
          // the connection died with the server
        }
      }),
    );
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(10);

    const second = await startServer();
    const db = openDb({ dataDir, databaseUrl: pgUrl(), databaseSchema: schema });
    try {
      expect(await checkLedger(db.kysely)).toEqual({ sum: 0, negative: [], drifted: [], unbalanced: 0 });
      const shares = await db.kysely.selectFrom('red_envelope_shares').selectAll().where('envelope_id', '=', envelopeId).execute();
      const transfers = await db.kysely.selectFrom('transfers').select(['idem_key', 'amount', 'to_account']).where('ref', '=', `E${envelopeId}`).execute();
      const paidOut = new Map(transfers.filter((t) => t.idem_key.includes(':share:')).map((t) => [t.idem_key, Number(t.amount)]));
      const claimed = shares.filter((s) => s.user_id !== null);
      // A claimed share has its transfer of its amount; a free one has none.
      for (const s of shares) expect(paidOut.get(`envelope:${envelopeId}:share:${s.seq}`)).toBe(s.user_id === null ? undefined : Number(s.amount));
      expect(paidOut.size).toBe(claimed.length);
      // Every acknowledged grab survived, with the amount its member was told.
      for (const [userId, amount] of acked) expect(Number(claimed.find((s) => s.user_id === userId)?.amount)).toBe(amount);
      const row = await db.kysely.selectFrom('red_envelopes').selectAll().where('id', '=', envelopeId).executeTakeFirstOrThrow();
      expect(row.grabbed).toBe(claimed.length);
      expect(Number(row.grabbed_amount)).toBe(claimed.reduce((n, s) => n + Number(s.amount), 0));
      const escrow = await db.kysely.selectFrom('accounts').select('balance').where('kind', '=', 'envelope_escrow').executeTakeFirstOrThrow();
      expect(Number(escrow.balance)).toBe(AMOUNT - Number(row.grabbed_amount));
    } finally {
      await db.close();
    }

    // The next instance: everyone back in the room grabs; the shares sum to the amount exactly, nobody twice.
    const client2 = new ApiClient(second.url, cfg);
    for (const who of members) await join(await connectRoom(second, who), room.id);
    const after = await Promise.all(members.map((m) => client2.call(api.envelopeGrab, { envelope_id: envelopeId }, { token: m.token })));
    for (const r of after) expect(r.code, r.msg).toBe(200);
    for (const [userId, amount] of acked) expect(after[members.findIndex((m) => m.user.id === userId)]!.data.amount).toBe(amount);
    expect(after.reduce((n, r) => n + r.data.amount, 0)).toBe(AMOUNT);
    expect(after.at(-1)!.data.envelope.status === 'finished' || after.some((r) => r.data.envelope.status === 'finished')).toBe(true);
    signal(second.child, 'SIGTERM');
    await exited(second.child);
  }, 150_000);
});
