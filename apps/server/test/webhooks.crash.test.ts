/**
 * A webhook delivery survives its sender's death (decision 0190): the server process is killed
 * with SIGKILL while its delivery is in flight (the receiver holds the request unanswered), and
 * the instance started after it on the same database sends that event once the delivery's lease
 * runs out. The event itself was written with the registration it reports, so nothing is lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { eventually, freshMobile } from '@app/testkit';
import { addOperator } from '../src/cli/commands.js';
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/database.js';
import { ApiClient } from './helpers/apiClient.js';
import { exited, killAll, signal, spawnServer } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl } from './helpers/testServer.js';
import { WebhookReceiver } from './helpers/webhookReceiver.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-webhook-crash-'));
const schema = pgUrl() ? newSchemaName() : undefined;
const receiver = new WebhookReceiver();
afterAll(async () => {
  killAll();
  await receiver.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
});

// A short worker lease and delivery timeout, so the next instance takes over within seconds.
const startServer = () =>
  spawnServer({ dataDir, schema, env: { WORKER_LEASE_MS: '1000', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_POLL_MS: '100', WEBHOOK_BACKOFF_BASE_MS: '100' } });

describe('webhooks and a crash', () => {
  it('an instance killed with SIGKILL mid-delivery loses no event: the next one delivers it', async () => {
    await receiver.start();
    const first = await startServer();
    const client = new ApiClient(first.url, loadConfig({}));
    const mobile = freshMobile();
    const op = await client.register(mobile);
    const db = openDb({ dataDir, databaseUrl: pgUrl(), databaseSchema: schema });
    try {
      await addOperator(db, mobile);
    } finally {
      await db.close();
    }
    const made = await client.call(api.adminWebhookCreate, { url: receiver.url('crash'), events: ['user.registered'] }, { token: op.token });
    expect(made.code, made.msg).toBe(200);
    receiver.secrets.set('crash', made.data.secret);

    // The first delivery reaches the receiver, which holds it; the sender dies before any answer.
    receiver.hold = true;
    const arrived = receiver.nextHit();
    const joined = await client.register(freshMobile());
    await arrived;
    signal(first.child, 'SIGKILL');
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    receiver.hold = false;
    const second = await startServer();
    const got = await receiver.next((r) => r.endpoint === 'crash' && r.data.user_id === joined.user.id, 30_000);
    expect(got).toMatchObject({ type: 'user.registered', signed: true });
    // The receiver answers just before the sender writes its log line: wait for that line.
    const secondClient = new ApiClient(second.url, loadConfig({}));
    const delivery = await eventually(
      async () => {
        const log = await secondClient.call(api.adminWebhookDeliveries, { endpoint_id: made.data.id }, { token: op.token });
        return log.data.list.find((d) => d.event_id === got.id && d.status === 'delivered');
      },
      { timeout: 10_000, interval: 50, what: 'the delivery logged as delivered' },
    );
    // The killed attempt left no log line (its process died); the one that landed did.
    expect(delivery.log.at(-1)).toMatchObject({ status_code: 200 });
  }, 120_000);
});
