import {
  ErrorCode,
  REPLAY_DANMAKU_MAX,
  REPLAY_DANMAKU_WINDOW_S,
  type Api,
  type Page,
  type ReplayCard,
  type ReplayInfo,
  type ReplayDanmakuLine,
  type ReplayMoment,
  type RouteQuery,
  type RoomChat,
  type GiftRecord,
  parseRoomSettings,
} from '@app/contract';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import { briefsOf } from '../user/userBriefs.js';
import type { EgressConfig } from './egress.config.js';
import { hlsLinksOf, isPrivateKey } from './hlsLinks.js';
import { vodPlaylist, type Segment } from './hlsPlaylist.js';
import type { LiveReplayRow } from './live.tables.js';
import { thinEvenly } from './thinEvenly.js';
import { replayRepository as repo } from './replay.repository.js';

const DAY_MS = 86_400_000;
/** Every refusal of a replay says the same: whether it exists, is private or a password room's is nobody else's business. */
const notFound = () => new BizError(ErrorCode.NOT_FOUND, '回放不存在或不可见');

/**
 * Replays: each live's recording (made by the egress), listed on the anchor's page and in the video
 * home, played as a VOD playlist with the live's chat and gifts as a timeline. Password rooms'
 * and private replays are their anchor's only; operators hide any; old ones are removed with their files.
 */
export class ReplayService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  private get config(): EgressConfig {
    return this.deps.config.egress;
  }

  /** Who may watch: the anchor and operators always; anyone else a ready, public, shown one. */
  private visible(r: LiveReplayRow | undefined, auth: Auth | null): r is LiveReplayRow {
    if (!r || r.status !== 'ready') return false;
    if (auth && (auth.user.id === r.anchor_id || auth.user.role === 'operator')) return true;
    return r.private === 0 && r.password === 0 && r.hidden === 0;
  }

  private async cards(rows: LiveReplayRow[]): Promise<ReplayCard[]> {
    const briefs = await briefsOf(
      this.db,
      rows.map((r) => r.anchor_id),
    );
    return rows.flatMap((r) => {
      const anchor = briefs.get(r.anchor_id);
      return anchor
        ? [
            {
              id: r.id,
              room_id: r.room_id,
              title: r.title,
              cover: r.cover,
              duration: r.duration,
              started_at: r.started_at,
              ended_at: r.ended_at,
              anchor,
              private: r.private === 1,
              locked: r.password === 1,
              hidden: r.hidden === 1,
            },
          ]
        : [];
    });
  }

  async list(auth: Auth | null, q: RouteQuery<Api['replayList']>): Promise<Page<ReplayCard>> {
    const own = !!auth && q.anchor_id !== undefined && auth.user.id === q.anchor_id;
    const { rows, total } = await repo.page(this.db, { anchorId: q.anchor_id, own, page: q.page, size: q.size });
    return { list: await this.cards(rows), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  /** The console's list: every ready replay, whatever its visibility. */
  async all(q: { page: number; size: number }): Promise<Page<ReplayCard>> {
    const { rows, total } = await repo.page(this.db, { own: true, page: q.page, size: q.size });
    return { list: await this.cards(rows), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async info(auth: Auth | null, id: number): Promise<ReplayInfo> {
    const r = await repo.byId(this.db, id);
    if (!this.visible(r, auth)) throw notFound();
    const [card] = await this.cards([r]);
    if (!card) throw notFound();
    const start = Date.parse(r.started_at);
    const settings = await repo.roomSettings(this.db, r.room_id);
    const moments: ReplayMoment[] = (await repo.moments(this.db, r.room_id, r.started_at, r.ended_at ?? new Date().toISOString())).map((m) => ({
      t: Math.max(0, (Date.parse(m.at) - start) / 1000),
      kind: m.kind,
      user_id: m.user_id,
      nickname: m.nickname,
      text: m.text,
      count: m.count,
    }));
    return {
      ...card,
      play_url: `${this.deps.config.publicUrl}/api/client_live/replay/play/${r.id}.m3u8`,
      moments,
      is_owner: auth?.user.id === r.anchor_id,
      allow_clips: parseRoomSettings(settings).allow_clips,
    };
  }

  /**
   * The lines said during one window of a replay, with their offsets, for the player to fly as
   * danmaku when playback reaches them. A window past the live's end is empty; a storm is thinned.
   */
  async danmaku(auth: Auth | null, id: number, from: number): Promise<{ from: number; to: number; thinned: boolean; lines: ReplayDanmakuLine[] }> {
    const r = await repo.byId(this.db, id);
    if (!this.visible(r, auth)) throw notFound();
    const start = Date.parse(r.started_at);
    const end = r.ended_at ? Date.parse(r.ended_at) : Date.now();
    const to = from + REPLAY_DANMAKU_WINDOW_S;
    const fromMs = start + from * 1000;
    const toMs = Math.min(start + to * 1000, end + 1);
    if (fromMs >= toMs) return { from, to, thinned: false, lines: [] };
    // Read a little past the cap, so thinning knows the storm's size without reading all of it.
    const rows = await repo.momentsWindow(this.db, r.room_id, new Date(fromMs).toISOString(), new Date(toMs).toISOString(), REPLAY_DANMAKU_MAX * 4);
    const kept = thinEvenly(rows, REPLAY_DANMAKU_MAX, (m) => m.kind === 'gift');
    return {
      from,
      to,
      thinned: kept.length < rows.length,
      lines: kept.map((m) => ({
        id: m.id,
        t: Math.max(0, (Date.parse(m.at) - start) / 1000),
        kind: m.kind,
        user_id: m.user_id,
        nickname: m.nickname,
        text: m.text,
        count: m.count,
        danmaku: m.danmaku === 1,
      })),
    };
  }

  /** The VOD playlist for this caller (the play route), or NOT_FOUND as `info` says. */
  async playlist(auth: Auth | null, id: number): Promise<string> {
    const r = await repo.byId(this.db, id);
    if (!this.visible(r, auth)) throw notFound();
    // A password room's segments are private: signed links, good for the replay's length and an hour more (pauses, seeks).
    const links = hlsLinksOf(this.deps.config);
    const ttl = Math.ceil(r.duration) + 3600;
    const uri = (key: string) => (isPrivateKey(key) ? links.url(key, ttl) : this.deps.storage.url(key));
    return vodPlaylist(JSON.parse(r.segments) as Segment[], { segmentS: this.config.segmentS, uri });
  }

  private async own(me: Auth, id: number): Promise<LiveReplayRow> {
    const r = await repo.byId(this.db, id);
    if (!r || r.status === 'deleted' || r.anchor_id !== me.user.id) throw notFound();
    return r;
  }

  async remove(me: Auth, id: number): Promise<{ id: number; deleted: boolean }> {
    const r = await this.own(me, id);
    return { id, deleted: await this.purge(r) };
  }

  /** Removes a replay's files (every segment, the live playlist and the patrol picture), then marks it deleted. */
  private async purge(r: LiveReplayRow): Promise<boolean> {
    for (const s of JSON.parse(r.segments) as Segment[]) await this.deps.storage.delete(s.key);
    await this.deps.storage.delete(`${r.prefix}/index.m3u8`);
    await this.deps.storage.delete(`${r.prefix}/thumb.jpg`);
    return repo.markDeleted(this.db, r.id);
  }

  async setPrivate(me: Auth, id: number, priv: boolean): Promise<ReplayCard> {
    const r = await this.own(me, id);
    await repo.set(this.db, id, { private: priv ? 1 : 0 });
    return (await this.cards([{ ...r, private: priv ? 1 : 0 }]))[0]!;
  }

  async hide(id: number, hidden: boolean): Promise<ReplayCard> {
    const r = await repo.byId(this.db, id);
    if (!r || r.status === 'deleted') throw notFound();
    await repo.set(this.db, id, { hidden: hidden ? 1 : 0 });
    return (await this.cards([{ ...r, hidden: hidden ? 1 : 0 }]))[0]!;
  }

  /** A chat line said in a room (kept for the replay's timeline while the room has an egress). */
  async noteChat(msg: RoomChat): Promise<void> {
    await repo.addMoment(this.db, {
      room_id: msg.room_id,
      at: msg.at,
      kind: 'chat',
      user_id: msg.user.id,
      nickname: msg.user.nickname,
      text: msg.text.slice(0, 300),
      danmaku: msg.danmaku ? 1 : 0,
    });
  }

  async noteGift(g: GiftRecord): Promise<void> {
    if (g.room_id <= 0) return;
    await repo.addMoment(this.db, {
      room_id: g.room_id,
      at: g.created_at,
      kind: 'gift',
      user_id: g.sender.id,
      nickname: g.sender.nickname,
      text: g.gift_name,
      count: g.count,
    });
  }

  /** Removes replays (files too) and moments older than LIVE_REPLAY_RETENTION_DAYS; the worker runs it. */
  async sweepRetention(now = Date.now()): Promise<number> {
    const days = this.config.replayRetentionDays;
    if (days <= 0) return 0;
    const before = new Date(now - days * DAY_MS).toISOString();
    let removed = 0;
    for (const r of await repo.expired(this.db, before)) if (await this.purge(r)) removed++;
    await repo.dropMomentsBefore(this.db, before);
    return removed;
  }
}
