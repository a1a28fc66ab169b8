/**
 * A replay's danmaku (replay/danmaku/fetch): the chat lines said in a live come back with their
 * offsets into the replay, window by window, with the 弹 flag each was sent with; a storm is thinned
 * evenly and keeps its gifts; a private replay's lines are nobody else's; bad offsets are field
 * errors. The replay row stands for what the egress writes (replay.test.ts records real ones); the
 * lines go through the real room channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, REPLAY_DANMAKU_MAX, REPLAY_DANMAKU_WINDOW_S, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, memberIn, operator, ownedRoom, send } from './roomHarness.js';

let s: TestServer;
let op: Session;

beforeAll(async () => {
  s = await startTestServer();
  op = await operator(s);
}, 60_000);
afterAll(async () => {
  closeSockets();
  await s?.close();
});

const db = () => s.deps.db.kysely;

/** A ready replay of `roomId` that started at `startedAt` and ended at `endedAt`, as the egress leaves it. */
async function replayOf(roomId: number, anchorId: number, startedAt: number, endedAt: number, extra: { private?: number } = {}): Promise<number> {
  const row = await db()
    .insertInto('live_replays')
    .values({
      room_id: roomId,
      anchor_id: anchorId,
      title: '回放弹幕',
      prefix: `live/${roomId}/test`,
      status: 'ready',
      duration: (endedAt - startedAt) / 1000,
      started_at: new Date(startedAt).toISOString(),
      ended_at: new Date(endedAt).toISOString(),
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const momentsOf = (roomId: number) => db().selectFrom('live_moments').selectAll().where('room_id', '=', roomId).orderBy('id').execute();

describe('replay danmaku', () => {
  it("gives back the live's lines at the moments they were sent, window by window, bullets marked", async () => {
    const { owner, room } = await ownedRoom(s, op);
    const { who: viewer, sock } = await memberIn(s, room.id);
    expect((await send(sock, 'chat', { text: '第一句' })).code).toBe(200);
    await eventually(async () => (await momentsOf(room.id)).length === 1, { what: 'the first line kept' });
    // The second line is said later than the first (the stored times are ISO milliseconds).
    const firstAt = Date.parse((await momentsOf(room.id))[0]!.at);
    await eventually(() => Date.now() > firstAt + 50, { what: 'time to pass' });
    expect((await send(sock, 'chat', { text: '飞起来', danmaku: true })).code).toBe(200);
    const kept = await eventually(async () => {
      const m = await momentsOf(room.id);
      return m.length === 2 && m;
    });
    const [a, b] = kept.map((m) => Date.parse(m.at)) as [number, number];
    expect(kept.map((m) => m.danmaku)).toEqual([0, 1]);

    // The replay started so that the first line falls just inside the first window and the second just past it.
    const edge = Math.floor((a + b) / 2);
    const started = edge - REPLAY_DANMAKU_WINDOW_S * 1000;
    const id = await replayOf(room.id, owner.user.id, started, b + 60_000);

    const w0 = await s.api.call(api.replayDanmaku, { id, from: 0 });
    expect(w0.code, w0.msg).toBe(200);
    expect(w0.data).toMatchObject({ from: 0, to: REPLAY_DANMAKU_WINDOW_S, thinned: false });
    expect(w0.data.lines).toEqual([
      {
        id: kept[0]!.id,
        t: (a - started) / 1000,
        kind: 'chat',
        user_id: viewer.user.id,
        nickname: viewer.user.nickname,
        text: '第一句',
        count: 1,
        danmaku: false,
      },
    ]);
    const w1 = await s.api.call(api.replayDanmaku, { id, from: REPLAY_DANMAKU_WINDOW_S });
    expect(w1.data.lines.map((l) => [l.text, l.danmaku, l.t])).toEqual([['飞起来', true, (b - started) / 1000]]);
    // A window that begins mid-way starts where it is asked to.
    const mid = await s.api.call(api.replayDanmaku, { id, from: Math.ceil((b - started) / 1000) });
    expect(mid.data.lines).toEqual([]);
    // Past the live's end there is nothing, and no error.
    expect((await s.api.call(api.replayDanmaku, { id, from: 3600 })).data).toEqual({
      from: 3600,
      to: 3600 + REPLAY_DANMAKU_WINDOW_S,
      thinned: false,
      lines: [],
    });
  });

  it('thins a storm evenly over its window and keeps every gift in it', async () => {
    const { owner, room } = await ownedRoom(s, op);
    const start = Date.now() - 120_000;
    const rows = Array.from({ length: REPLAY_DANMAKU_MAX * 2 }, (_, i) => ({
      room_id: room.id,
      at: new Date(start + 10 * i).toISOString(),
      kind: i === 777 ? ('gift' as const) : ('chat' as const),
      user_id: owner.user.id,
      nickname: 'storm',
      text: `line ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db()
        .insertInto('live_moments')
        .values(rows.slice(i, i + 200))
        .execute();
    const id = await replayOf(room.id, owner.user.id, start, start + 60_000);
    const r = await s.api.call(api.replayDanmaku, { id, from: 0 });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.thinned).toBe(true);
    expect(r.data.lines).toHaveLength(REPLAY_DANMAKU_MAX);
    expect(r.data.lines.filter((l) => l.kind === 'gift').map((l) => l.text)).toEqual(['line 777']);
    const ts = r.data.lines.map((l) => l.t);
    expect(ts).toEqual([...ts].sort((x, y) => x - y));
    // Spread over the whole storm (0–10 s), not its first 5 seconds.
    expect(ts[0]).toBeLessThan(0.5);
    expect(ts.at(-1)).toBeGreaterThan(9.5);
  });

  it("keeps a private replay's lines to its anchor, and refuses bad offsets naming the field", async () => {
    const { owner, room } = await ownedRoom(s, op);
    const { who: viewer, sock } = await memberIn(s, room.id);
    expect((await send(sock, 'chat', { text: '悄悄话' })).code).toBe(200);
    await eventually(async () => (await momentsOf(room.id)).length === 1, { what: 'the line kept' });
    const id = await replayOf(room.id, owner.user.id, Date.now() - 10_000, Date.now() + 1000, { private: 1 });

    const theirs = await s.api.call(api.replayDanmaku, { id, from: 0 }, { token: viewer.token });
    expect([theirs.code, theirs.msg, theirs.data]).toEqual([ErrorCode.NOT_FOUND, '回放不存在或不可见', null]);
    expect((await s.api.call(api.replayDanmaku, { id, from: 0 })).code).toBe(ErrorCode.NOT_FOUND);
    const mine = await s.api.call(api.replayDanmaku, { id, from: 0 }, { token: owner.token });
    expect(mine.data.lines.map((l) => l.text)).toEqual(['悄悄话']);
    expect((await s.api.call(api.replayDanmaku, { id: id + 1000, from: 0 })).code).toBe(ErrorCode.NOT_FOUND);

    for (const from of ['-1', '1.5', 'soon', String(8 * 86_400)]) {
      const bad = await s.api.call(api.replayDanmaku, { id, from }, { token: owner.token });
      expect([bad.status, bad.code], from).toEqual([400, 10000]);
      expect(bad.msg.startsWith('from'), bad.msg).toBe(true);
    }
  });
});
