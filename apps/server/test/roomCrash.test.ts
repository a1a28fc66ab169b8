/**
 * A server killed hard (SIGKILL, no shutdown) leaves rooms flagged open and live in the database.
 * The next instance finds them by the dead instance's lease: the anchor stream counts as ended, the
 * room hears "the anchor has left", and the grace period closes it; a seat whose occupant never came
 * back is freed. Rooms of a live instance, and rooms whose anchor came back in time, stay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type RoomBrief, type Session } from '@app/contract';
import { addOperator } from '../src/cli/commands.js';
import { loadConfig } from '../src/config.js';
import { openDb } from '../src/db/database.js';
import { eventually, freshMobile } from '@app/testkit';
import { ApiClient } from './helpers/apiClient.js';
import { exited, killAll, signal, spawnServer } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl } from './helpers/testServer.js';
import { applyBody, closeSockets, connectRoom, join, send } from './roomHarness.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-roomcrash-'));
const schema = pgUrl() ? newSchemaName() : undefined;
afterAll(async () => {
  closeSockets();
  killAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
});

// Long enough for the restarted instance to come up and the host to rejoin before their room closes.
const GRACE_MS = 3000;
const env = (demo: 'on' | 'off') => ({
  ROOM_GRACE_MS: String(GRACE_MS),
  ROOM_INSTANCE_LEASE_MS: '1500',
  // The survivor takes the sweeps over from a crashed worker within this.
  WORKER_LEASE_MS: '1500',
  DEMO_PUBLISHER: demo,
  SEED_DEMO: '1',
  SMS_IP_PER_HOUR: '1000',
});

describe('rooms after a crash', () => {
  it('closes the rooms a SIGKILLed instance hosted (streams and anchors) after the grace period, frees its seats; a live instance keeps its own', async () => {
    const cfg = loadConfig({});
    const first = await spawnServer({ dataDir, schema, env: env('on') });
    const client = new ApiClient(first.url, cfg);
    const list = async (c: ApiClient): Promise<RoomBrief[]> => (await c.call(api.anchorList, { page: 1, size: 50 })).data.list;

    // An anchor through the real apply → approve flow, whose room holds their socket (present, not streaming).
    const opMobile = freshMobile();
    await client.register(opMobile);
    const db = openDb({ dataDir, databaseUrl: pgUrl(), databaseSchema: schema });
    try {
      await addOperator(db, opMobile);
    } finally {
      await db.close();
    }
    const op = (await client.login(opMobile, 'abc12345')).data as Session;
    const makeAnchor = async (c: ApiClient) => {
      const who = await c.register(freshMobile());
      expect((await c.call(api.anchorApply, applyBody(freshMobile()), { token: who.token })).code).toBe(200);
      expect((await c.call(api.adminAnchorApprove, { user_id: who.user.id }, { token: op.token })).code).toBe(200);
      return who;
    };
    const category = (await client.call(api.roomCategories)).data.list[0]!.id;
    const owner = await makeAnchor(client);
    const opened = await client.call(api.roomOpen, { title: '崩溃前的直播', category_id: category }, { token: owner.token });
    expect(opened.code).toBe(200);
    const sock = await connectRoom(first, owner);
    await join(sock, opened.data.id);
    expect((await client.call(api.roomInfo, { room_id: opened.data.id })).data).toMatchObject({ status: 'open', anchor_present: true });

    // A chat room with a member on a seat: its host comes back after the crash, the member does not.
    const host = await makeAnchor(client);
    const party = await client.call(api.roomOpen, { title: '派对房', category_id: category, kind: 'chat', mic_seats: 2 }, { token: host.token });
    const hostSock = await connectRoom(first, host);
    await join(hostSock, party.data.id);
    const sitter = await client.register(freshMobile());
    const sitterSock = await connectRoom(first, sitter);
    await join(sitterSock, party.data.id);
    expect((await send(sitterSock, 'seatTake', { seat: 1 })).code).toBe(200);

    // The demo publisher streams the demo rooms (ffmpeg → the in-process SFU): they are listed live.
    const streaming = await eventually(
      async () => {
        const live = (await list(client)).filter((r) => r.live);
        return live.length >= 2 && live;
      },
      { timeout: 40_000, interval: 250, what: 'demo rooms streaming' },
    );

    signal(first.child, 'SIGKILL');
    await exited(first.child);
    for (const x of [sock, hostSock, sitterSock]) x.close();
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();

    // Restart on the same data without the demo publisher: nothing streams any more.
    const second = await spawnServer({ dataDir, schema, env: env('off') });
    const client2 = new ApiClient(second.url, cfg);
    const hostBack = await connectRoom(second, host);
    await join(hostBack, party.data.id);
    const before = await list(client2);
    expect(before.some((r) => r.id === opened.data.id)).toBe(true);
    expect(before.filter((r) => r.live).length).toBeGreaterThanOrEqual(streaming.length);

    // A room on the live instance, its anchor present: the sweep must leave it alone.
    const owner2 = await makeAnchor(client2);
    const kept = await client2.call(api.roomOpen, { title: '重启后的直播', category_id: category }, { token: owner2.token });
    const sock2 = await connectRoom(second, owner2);
    await join(sock2, kept.data.id);

    // The lease ran out, the sweep ends the orphaned streams, the grace period closes the rooms.
    const after = await eventually(
      async () => {
        const open = await list(client2);
        return open.every((r) => r.id === kept.data.id || r.id === party.data.id) && open;
      },
      { timeout: 20_000, interval: 250, what: 'orphaned rooms closed' },
    );
    expect(after.map((r) => r.id).sort()).toEqual([kept.data.id, party.data.id].sort());
    // The host is back, so the party room stays; the member who never came back is off the seat.
    const partyNow = (await client2.call(api.roomInfo, { room_id: party.data.id })).data;
    expect(partyNow).toMatchObject({ status: 'open', anchor_present: true });
    expect(partyNow.seats.map((x) => x.user)).toEqual([null, null]);
    for (const r of [...streaming, opened.data]) {
      expect((await client2.call(api.roomInfo, { room_id: r.id })).data).toMatchObject({ status: 'closed', live: false });
    }
    // Nothing announces that a sweep left a room alone: the rooms must still be open after a whole
    // grace period more and a sweep (every second), so this pause is what the test measures.
    await pause(GRACE_MS + 1000);
    expect((await client2.call(api.roomInfo, { room_id: kept.data.id })).data).toMatchObject({ status: 'open', anchor_present: true });
    expect((await client2.call(api.roomInfo, { room_id: party.data.id })).data.status).toBe('open');

    signal(second.child, 'SIGTERM');
    await exited(second.child);
  }, 150_000);
});
