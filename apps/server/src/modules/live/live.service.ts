import type { RoomWatch } from '@app/contract';
import type { Deps } from '../../deps.js';
import { SAFE_KEY, UPLOADS_PREFIX } from '../../storage/storage.js';
import { egressRepository as repo } from './egress.repository.js';
import { hlsLinksOf, isPrivateKey, type HlsLinks } from './hlsLinks.js';
import { thumbKeyOf } from './liveThumb.js';

/** What other modules and the console read of the live egress: a room's HLS playlist, and how rooms are watched. */
export class LiveService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  private links(): HlsLinks {
    return hlsLinksOf(this.deps.config);
  }

  /**
   * The room's live HLS while its egress runs (on whichever instance): the public playlist URL (a
   * public room's, cacheable), or `locked` for a password room's, which only `lockedPlaylist` serves;
   * and whether an operator sent its viewers there.
   */
  async play(roomId: number): Promise<{ hls_url: string | null; hls_only: boolean; locked: boolean }> {
    const [row, via] = await Promise.all([repo.byRoom(this.db, roomId), repo.via(this.db, roomId)]);
    const key = row ? this.deps.storage.keyOf(row.playlist) : null;
    const locked = key !== null && isPrivateKey(key);
    return { hls_url: row && !locked ? row.playlist : null, hls_only: !!row && via === 'hls', locked };
  }

  /**
   * A password room's live playlist for a viewer the caller has checked: the stored one with each
   * segment a signed link good for LIVE_HLS_LINK_TTL_S; null when the room has no private egress.
   */
  async lockedPlaylist(roomId: number): Promise<string | null> {
    const row = await repo.byRoom(this.db, roomId);
    const key = row ? this.deps.storage.keyOf(row.playlist) : null;
    if (!key || !isPrivateKey(key)) return null;
    const text = await this.deps.storage.read(key);
    if (!text) return null;
    const dir = key.slice(0, key.lastIndexOf('/') + 1);
    const links = this.links();
    const ttl = this.deps.config.egress.linkTtlS;
    return text
      .toString('utf8')
      .split('\n')
      .map((line) => (line && !line.startsWith('#') ? links.url(`${dir}${line.trim()}`, ttl) : line))
      .join('\n');
  }

  /** The bytes of a private segment at `path` (`/uploads/private/….ts`) when `md5` and `expires` sign it; null otherwise. */
  async privateSegment(path: string, md5: unknown, expires: unknown): Promise<Buffer | null> {
    const key = path.slice(UPLOADS_PREFIX.length);
    if (!path.startsWith(UPLOADS_PREFIX) || !isPrivateKey(key) || !key.endsWith('.ts') || !SAFE_KEY.test(key) || key.includes('..')) return null;
    return this.links().check(path, md5, expires) ? this.deps.storage.read(key) : null;
  }

  /** Every open room: HLS or not, and viewers each way (people in the room not on WebRTC watch HLS). */
  async watch(): Promise<{ list: RoomWatch[] }> {
    const rooms = await this.db.selectFrom('rooms').select('id').where('status', '=', 'open').orderBy('id').execute();
    const ids = rooms.map((r) => r.id);
    const [egress, vias, online] = await Promise.all([repo.all(this.db), repo.vias(this.db), this.deps.rooms.onlineCounts(ids)]);
    const byRoom = new Map(egress.map((e) => [e.room_id, e]));
    const via = new Map(vias.map((v) => [v.room_id, v.via]));
    return {
      list: ids.map((id) => {
        const e = byRoom.get(id);
        const people = online.get(id) ?? 0;
        const webrtc = e ? e.webrtc_viewers : people;
        return { room_id: id, hls: !!e, via: via.get(id) ?? 'auto', webrtc, hls_viewers: e ? Math.max(0, people - webrtc) : 0 };
      }),
    };
  }

  /** The latest patrol picture of each room whose egress wrote one, as a `data:image/jpeg` URL (read from storage, so a private room's never gets a link). */
  async pictures(): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const e of await repo.all(this.db)) {
      const key = thumbKeyOf(this.deps.storage, e.playlist);
      const jpeg = key ? await this.deps.storage.read(key) : null;
      if (jpeg) out.set(e.room_id, `data:image/jpeg;base64,${jpeg.toString('base64')}`);
    }
    return out;
  }

  async setVia(roomId: number, v: 'auto' | 'hls'): Promise<{ room_id: number; via: 'auto' | 'hls' }> {
    await repo.setVia(this.db, roomId, v);
    return { room_id: roomId, via: v };
  }
}
