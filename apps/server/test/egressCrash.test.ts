/**
 * The egress of an instance killed hard (SIGKILL: no shutdown, its ffmpeg dies with it): the next
 * instance's worker finds the dead instance's `live_egress` claim, ends the room's live playlist
 * cleanly (ENDLIST after the recorded segments, so players stop instead of waiting) and keeps the
 * recording as a replay. Skipped without ffmpeg.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '@app/testkit';
import { openDb } from '../src/db/database.js';
import { exited, killAll, signal, spawnServer } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl } from './helpers/testServer.js';
import { segmentsOf } from './videoHelpers.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-egresscrash-'));
const schema = pgUrl() ? newSchemaName() : undefined;
afterAll(async () => {
  killAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
});

const env = (demo: 'on' | 'off') => ({
  ROOM_INSTANCE_LEASE_MS: '1500',
  WORKER_LEASE_MS: '1500',
  ROOM_GRACE_MS: '600000',
  DEMO_PUBLISHER: demo,
  SEED_DEMO: '1',
  LIVE_EGRESS: 'on',
  LIVE_EGRESS_MAX: '1',
});

describe.skipIf(!hasFfmpeg)('egress after a crash', () => {
  it("ends the playlist of a SIGKILLed instance's room cleanly and keeps its replay", async () => {
    const first = await spawnServer({ dataDir, schema, env: env('on') });
    const db = openDb({ dataDir, databaseUrl: pgUrl(), databaseSchema: schema });
    try {
      const row = await eventually(() => db.kysely.selectFrom('live_egress').selectAll().executeTakeFirst(), { what: 'an egress claim', timeout: 30_000 });
      const playlist = `${first.url}${row.playlist}`;
      const before = await eventually(
        async () => {
          const text = await (await fetch(playlist)).text();
          return segmentsOf(text).length >= 3 && text;
        },
        { what: 'three segments', timeout: 20_000 },
      );
      expect(before).not.toContain('#EXT-X-ENDLIST');
      // The recording is saved every few seconds: wait for a save, so the sweep has segments to end with.
      await eventually(
        async () => (await db.kysely.selectFrom('live_replays').select('duration').where('id', '=', row.replay_id!).executeTakeFirstOrThrow()).duration > 0,
        {
          what: 'the recording saved',
          timeout: 15_000,
        },
      );

      signal(first.child, 'SIGKILL');
      await exited(first.child);
      const second = await spawnServer({ dataDir, schema, env: env('off') });
      const ended = await eventually(
        async () => {
          const text = await (await fetch(`${second.url}${row.playlist}`)).text();
          return text.includes('#EXT-X-ENDLIST') && text;
        },
        { what: 'the live playlist ended by the survivor', timeout: 20_000 },
      );
      expect(segmentsOf(ended).length).toBeGreaterThanOrEqual(1);
      for (const seg of segmentsOf(ended)) expect((await fetch(new URL(seg, `${second.url}${row.playlist}`))).status).toBe(200);
      expect(await db.kysely.selectFrom('live_egress').selectAll().execute()).toEqual([]);
      const replay = await db.kysely.selectFrom('live_replays').selectAll().where('id', '=', row.replay_id!).executeTakeFirstOrThrow();
      expect(replay.status).toBe('ready');
      expect(replay.ended_at).not.toBeNull();
    } finally {
      await db.close();
    }
  }, 120_000);
});
