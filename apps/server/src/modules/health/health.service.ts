import type { Api, HealthLimit, HealthSample, LiveHealth, RouteBody } from '@app/contract';
import { ErrorCode } from '@app/contract';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import type { RoomService } from '../room/room.service.js';
import type { RoomRow } from '../room/room.tables.js';
import { healthRepository as repo } from './health.repository.js';
import type { LiveHealthRow, NewLiveHealth } from './health.tables.js';

/** How far back the anchor's panel and the console read a live's health. */
export const HEALTH_WINDOW_MS = 30 * 60_000;

/** What the media role measured on a WHIP session over one interval. */
export type IngestSample = Pick<NewLiveHealth, 'bitrate' | 'fps' | 'loss'>;

/**
 * A live's stream health over time (decisions 0230–0232): samples reported by the anchor's browser
 * and measured by the media role on the WHIP session, at most one per live and source every
 * LIVE_HEALTH_S; read by the anchor for their own room and by moderators for any.
 */
export class HealthService {
  constructor(
    private readonly deps: Deps,
    private readonly rooms: RoomService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  private get boundMs(): number {
    // A little under the interval: a client timer firing early keeps its sample.
    return this.deps.config.egress.healthS * 1000 - 500;
  }

  /** The anchor's browser reports its outgoing stream (only for its own room while it is live). */
  async report(me: Auth, body: RouteBody<Api['liveHealthReport']>): Promise<{ stored: boolean }> {
    const room = await this.ownRoom(me, body.room_id);
    if (room.status !== 'open' || !room.started_at) throw new BizError(ErrorCode.HEALTH_NOT_LIVE);
    const { room_id, ...sample } = body;
    return { stored: await this.keep(room_id, room.started_at, 'client', sample) };
  }

  /** The media role's measure of the anchor's WHIP stream; nothing is kept for a room that is not live. */
  async ingest(roomId: number, sample: IngestSample): Promise<boolean> {
    const room = await this.db.selectFrom('rooms').select(['status', 'started_at']).where('id', '=', roomId).executeTakeFirst();
    if (room?.status !== 'open' || !room.started_at) return false;
    return this.keep(roomId, room.started_at, 'ingest', { ...sample, target: null, width: null, height: null, rtt_ms: null, limited: null });
  }

  /** The caller's own room's current live. */
  async mine(me: Auth, roomId: number): Promise<LiveHealth> {
    return this.ofRoom(await this.ownRoom(me, roomId));
  }

  /** Any room's current live (the console). */
  async forOperator(roomId: number): Promise<LiveHealth> {
    return this.ofRoom(await this.rooms.room(roomId));
  }

  /** Every sample of one live (the creator dashboard's summary of a past live), oldest first. */
  ofLive(roomId: number, startedAt: string): Promise<LiveHealthRow[]> {
    return repo.ofLive(this.db, roomId, startedAt, startedAt);
  }

  private async ownRoom(me: Auth, roomId: number): Promise<RoomRow> {
    const room = await this.rooms.room(roomId);
    if (room.anchor_id !== me.user.id) throw new BizError(ErrorCode.NOT_OWN_LIVE);
    return room;
  }

  private async ofRoom(room: RoomRow): Promise<LiveHealth> {
    if (room.status !== 'open' || !room.started_at) return { room_id: room.id, started_at: null, list: [] };
    const since = new Date(this.deps.clock.now() - HEALTH_WINDOW_MS).toISOString();
    const rows = await repo.ofLive(this.db, room.id, room.started_at, since);
    return { room_id: room.id, started_at: room.started_at, list: rows.map(sampleOf) };
  }

  private keep(roomId: number, startedAt: string, source: 'client' | 'ingest', s: Omit<NewLiveHealth, 'room_id' | 'live_started_at' | 'at' | 'source'>) {
    const now = this.deps.clock.now();
    const row: NewLiveHealth = { ...s, room_id: roomId, live_started_at: startedAt, at: new Date(now).toISOString(), source };
    return repo.insertIfQuiet(this.db, row, new Date(now - this.boundMs).toISOString());
  }
}

const sampleOf = (r: LiveHealthRow): HealthSample => ({
  at: r.at,
  source: r.source,
  bitrate: r.bitrate,
  target: r.target,
  fps: r.fps === null ? null : Number(r.fps),
  width: r.width,
  height: r.height,
  loss: r.loss === null ? null : Number(r.loss),
  rtt_ms: r.rtt_ms,
  limited: r.limited as HealthLimit | null,
});
