import type { Api, PatrolRoom, RouteQuery } from '@app/contract';
import { ErrorCode } from '@app/contract';
import type { Deps } from '../../deps.js';
import { nowIso } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import type { LiveService } from '../live/live.service.js';
import type { MessageService } from '../message/message.service.js';
import type { RoomService } from '../room/room.service.js';
import { adminContentRepository } from './adminContent.repository.js';

/** Rooms on the patrol wall at most (the most reported first). */
const WALL_MAX = 200;

/** Live rooms as operators handle them: the patrol wall, warning an anchor, ending a live and telling its anchor why. */
export class AdminRoomService {
  constructor(
    private readonly deps: Deps,
    private readonly rooms: RoomService,
    private readonly messages: MessageService,
    private readonly live: LiveService,
  ) {}

  list(q: RouteQuery<Api['adminRooms']>) {
    return this.rooms.list(q);
  }

  /** Every live room with its latest picture (written by its egress) and the open reports against its anchor, most reported first. */
  async patrol(): Promise<{ list: PatrolRoom[]; at: string }> {
    const [{ list }, pictures] = await Promise.all([this.rooms.list({ page: 1, size: WALL_MAX }), this.live.pictures()]);
    const ids = list.map((r) => r.anchor.id);
    const reports = await adminContentRepository.openCounts(this.deps.db.kysely, 'user', ids);
    const rows = list.map((room) => ({ room, thumb: pictures.get(room.id) ?? null, reports: reports.get(room.anchor.id) ?? 0 }));
    return { list: rows.sort((a, b) => b.reports - a.reports || a.room.id - b.room.id), at: nowIso() };
  }

  /** A banner in the anchor's room, over the room channel (to their sockets there only). */
  async warn(roomId: number, text: string): Promise<{ delivered: boolean }> {
    const room = await this.rooms.room(roomId);
    if (room.status !== 'open') throw new BizError(ErrorCode.ROOM_CLOSED, '直播已结束');
    this.deps.rooms.toMember(room.id, room.anchor_id, 'warning', { room_id: room.id, text, at: nowIso() });
    return { delivered: await this.deps.rooms.isPresent(room.id, room.anchor_id) };
  }

  async close(roomId: number, reason: string): Promise<{ closed: boolean }> {
    const room = await this.rooms.room(roomId);
    const closed = await this.rooms.closeRoom(room.id, 'operator', reason);
    if (closed)
      await this.messages.send(
        {
          user_id: room.anchor_id,
          type: 'account',
          title: '你的直播已被关闭',
          content: `运营关闭了你的直播「${room.title}」。原因：${reason}`,
        },
        { kind: 'room_closed', params: { title: room.title, reason } },
      );
    return { closed };
  }
}
