import type { RoomWatch } from '@app/contract';
import type { Deps } from '../../deps.js';
import { egressRepository as repo } from './egress.repository.js';

/** What other modules and the console read of the live egress: a room's HLS playlist, and how rooms are watched. */
export class LiveService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** The room's live HLS playlist URL while its egress runs (on whichever instance), and whether an operator sent its viewers there. */
  async play(roomId: number): Promise<{ hls_url: string | null; hls_only: boolean }> {
    const [row, via] = await Promise.all([repo.byRoom(this.db, roomId), repo.via(this.db, roomId)]);
    return { hls_url: row?.playlist ?? null, hls_only: !!row && via === 'hls' };
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

  async setVia(roomId: number, v: 'auto' | 'hls'): Promise<{ room_id: number; via: 'auto' | 'hls' }> {
    await repo.setVia(this.db, roomId, v);
    return { room_id: roomId, via: v };
  }
}
