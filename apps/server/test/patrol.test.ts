/**
 * The moderators' live patrol wall (decision 0226), on the app server with the demo publisher and
 * the HLS egress: every live demo room is on the wall with a picture its egress wrote (a JPEG that
 * ffprobe decodes) and the open reports against its anchor; a warning reaches the anchor's room
 * socket as a banner event; ending the live from the wall closes it, the anchor's socket hears the
 * reason, and the audit log holds both actions with their text; a support operator is refused both.
 * Skipped without ffmpeg.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type PatrolRoom, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { DEMO_USER } from '../src/demo/seed.js';
import { DEMO_ANCHORS } from '../src/demo/room.seed.js';
import { makeOperator } from './financeHelpers.js';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, connectRoom, next, send } from './roomHarness.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
const ffprobe = promisify(execFile);
let s: TestServer;
let moderator: Session;

beforeAll(async () => {
  if (!hasFfmpeg) return;
  s = await startTestServer({ env: { DEMO_PUBLISHER: 'on', LIVE_EGRESS: 'on', LIVE_THUMB_S: '2' } });
  moderator = await quickSession(s);
  await makeOperator(s, moderator.user.id, 'moderator');
}, 60_000);
afterAll(async () => {
  closeSockets();
  await s?.close();
});

const wall = async (token = moderator.token) => s.api.call(api.adminPatrol, undefined, { token });

/** What ffprobe reads in a `data:image/jpeg` URL. */
async function probe(dataUrl: string): Promise<{ codec_name: string; width: number; height: number }> {
  const file = `${s.deps.config.dataDir}/probe-${Date.now()}.jpg`;
  fs.writeFileSync(file, Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64'));
  const { stdout } = await ffprobe('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file]);
  return (JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number }[] }).streams[0]!;
}

describe.skipIf(!hasFfmpeg)('the live patrol wall', () => {
  let star: PatrolRoom;

  it('lists every live demo room with a decodable keyframe and its open report count', async () => {
    const fan = await quickSession(s);
    const rooms = await eventually(
      async () => {
        const list = (await wall()).data.list.filter((r) => DEMO_ANCHORS.some((d) => d.number === r.room.number));
        return list.length === DEMO_ANCHORS.length && list.every((r) => r.thumb !== null) && list;
      },
      { what: 'every demo room on the wall with a picture', timeout: 25_000 },
    );
    for (const r of rooms) expect(await probe(r.thumb!)).toMatchObject({ codec_name: 'mjpeg', height: 320 });
    star = rooms.find((r) => r.room.number === DEMO_ANCHORS[0]!.number)!;
    const reported = await s.api.call(api.reportCreate, { target_type: 'user', target_id: star.room.anchor.id, reason: '直播内容违规' }, { token: fan.token });
    expect(reported.code, reported.msg).toBe(200);
    const after = (await wall()).data.list;
    expect(after.find((r) => r.room.id === star.room.id)).toMatchObject({ reports: star.reports + 1 });
    // The most reported room comes first.
    expect(after[0]!.reports).toBeGreaterThanOrEqual(star.reports + 1);
  }, 40_000);

  it('a warning reaches the anchor’s room socket; ending the live tells the anchor why; the audit log holds both', async () => {
    const login = await s.api.login(DEMO_ANCHORS[0]!.mobile, DEMO_USER.password);
    expect(login.code, login.msg).toBe(200);
    const sock = await connectRoom(s, login.data);
    // The demo publishers and four egresses keep this server busy: the join may take longer than most.
    expect((await send(sock, 'join', { room_id: star.room.id }, 15_000)).code).toBe(200);
    const warned = next(sock, 'warning', () => true, 15_000);
    const warn = await s.api.call(api.adminPatrolWarn, { room_id: star.room.id, text: '请调整着装，否则将结束直播' }, { token: moderator.token });
    expect([warn.code, warn.data?.delivered]).toEqual([200, true]);
    expect(await warned).toMatchObject({ room_id: star.room.id, text: '请调整着装，否则将结束直播' });

    const closed = next(sock, 'closed', () => true, 15_000);
    const end = await s.api.call(api.adminRoomClose, { room_id: star.room.id, reason: '多次警告后仍违规' }, { token: moderator.token });
    expect([end.code, end.data?.closed]).toEqual([200, true]);
    expect(await closed).toEqual({ room_id: star.room.id, reason: 'operator', note: '多次警告后仍违规' });
    expect((await wall()).data.list.some((r) => r.room.id === star.room.id)).toBe(false);

    const audit = await s.deps.db.kysely.selectFrom('audit_log').selectAll().where('operator_id', '=', moderator.user.id).execute();
    const byAction = new Map(audit.map((a) => [a.action, { target: a.target, detail: JSON.parse(a.detail) as Record<string, unknown> }]));
    expect(byAction.get('adminPatrolWarn')).toEqual({ target: `room:${star.room.id}`, detail: { room_id: star.room.id, text: '请调整着装，否则将结束直播' } });
    expect(byAction.get('adminRoomClose')).toEqual({ target: `room:${star.room.id}`, detail: { room_id: star.room.id, reason: '多次警告后仍违规' } });
  }, 30_000);

  it('refuses a support operator the wall and the warning', async () => {
    const support = await quickSession(s);
    await makeOperator(s, support.user.id, 'support');
    expect((await wall(support.token)).code).toBe(ErrorCode.FORBIDDEN);
    const warn = await s.api.call(api.adminPatrolWarn, { room_id: star.room.id, text: '警告内容' }, { token: support.token });
    expect(warn.code).toBe(ErrorCode.FORBIDDEN);
  });
});
